/**
 * The template studio's public routes: GET /studio (redirects to /studio/), GET /studio/ (the page) and
 * GET /studio/<file> (its scripts and styles). No secret is needed: the page holds none, and every /api call it
 * makes sends the one the operator types in. The IP lists apply as they do to /api. Answers carry an ETag and
 * `Cache-Control: no-cache` (the browser revalidates, so an upgrade is seen at once) and the page a strict
 * Content-Security-Policy: scripts, styles and API calls from this service only; images from anywhere (the
 * templates' thumbnails and icons).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../http/errors.ts';
import type { IpGuard, PublicRoutes } from '../http/server.ts';
import { loadStudioAssets, STUDIO_PAGE_DIR, type StudioAsset } from './assets.ts';

export interface StudioRouteOptions {
  /** the folder of the page's files; default core/studio/page/ */
  readonly dir?: string;
}

const INDEX = 'index.html';

const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  'img-src * data: blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function ifNoneMatch(request: FastifyRequest): readonly string[] {
  const header = request.headers['if-none-match'];
  return typeof header === 'string' ? header.split(',').map((tag) => tag.trim().replace(/^W\//, '')) : [];
}

async function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: StudioAsset): Promise<FastifyReply> {
  void reply.header('cache-control', 'no-cache').header('etag', asset.etag).header('x-content-type-options', 'nosniff');
  if (asset.contentType.startsWith('text/html')) {
    void reply.header('content-security-policy', CONTENT_SECURITY_POLICY).header('referrer-policy', 'no-referrer').header('x-frame-options', 'DENY');
  }
  if (ifNoneMatch(request).includes(asset.etag)) return reply.code(304).send();
  return reply.code(200).type(asset.contentType).send(asset.body);
}

export function studioRoutes(options: StudioRouteOptions = {}): PublicRoutes {
  return async (app, ipGuard: IpGuard) => {
    const assets = await loadStudioAssets(options.dir ?? STUDIO_PAGE_DIR);
    const missing = (name: string) => errorBody(`the template studio has no file "${name}"`);

    // relative, so the page also works behind a proxy that serves the service under a path
    app.get('/studio', { onRequest: ipGuard }, async (_request, reply) => reply.redirect('studio/', 302));

    app.get('/studio/', { onRequest: ipGuard }, async (request, reply) => {
      const page = assets.get(INDEX);
      if (!page) return reply.code(404).send(errorBody(`the template studio's files are missing (${options.dir ?? STUDIO_PAGE_DIR})`));
      return sendAsset(request, reply, page);
    });

    app.get<{ Params: { file: string } }>('/studio/:file', { onRequest: ipGuard }, async (request, reply) => {
      const asset = assets.get(request.params.file);
      return asset ? sendAsset(request, reply, asset) : reply.code(404).send(missing(request.params.file.slice(0, 200)));
    });
  };
}
