/**
 * The one HTTP port: POST / (webhooks), GET /health, GET /metrics, and /api/* behind the secret.
 * Other parts of the service add API routes through `ApiRoutes` registrars; they all share the auth, the IP
 * lists and the error shape set here.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from '../log/logger.ts';
import { checkApiSecret } from './api-auth.ts';
import { createErrorHandler, errorBody } from './errors.ts';
import { ipRefusal } from './ip-filter.ts';

export interface HttpOptions {
  readonly ipWhitelist: readonly string[];
  readonly ipBlacklist: readonly string[];
  readonly apiSecret: string;
  readonly bodyLimitBytes: number;
  /** the largest /api body (a bigger one is a 413); default API_BODY_LIMIT_BYTES */
  readonly apiBodyLimitBytes?: number;
  readonly log: Logger;
  /** told about every body that is not JSON (counted in the metrics) */
  readonly onInvalidJson?: (url: string) => void;
}

/** Adds routes to the /api scope (already authenticated). */
export type ApiRoutes = (api: FastifyInstance) => void | Promise<void>;
/** Adds public routes (no secret): POST /, /health, /metrics. */
export type PublicRoutes = (app: FastifyInstance) => void | Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    rawBody: string | null;
  }
}

function jsonBodyParser(onInvalid: ((url: string) => void) | undefined) {
  return (request: FastifyRequest, body: string, done: (err: Error | null, value?: unknown) => void): void => {
    request.rawBody = body;
    if (body.trim().length === 0) return done(null, undefined);
    try {
      done(null, JSON.parse(body));
    } catch (err) {
      onInvalid?.(request.url);
      const error = new Error(`body is not valid JSON: ${(err as Error).message}`) as Error & { statusCode: number };
      error.statusCode = 400;
      done(error);
    }
  };
}

function ipGuard(o: HttpOptions) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const reason = ipRefusal(request.ip, o.ipWhitelist, o.ipBlacklist);
    if (reason) {
      o.log.verbose({ ip: request.ip, url: request.url, reason }, 'request refused by ip lists');
      await reply.code(403).send(errorBody(reason));
    }
  };
}

function apiAuth(secret: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const verdict = checkApiSecret(request.headers, secret);
    if (!verdict.ok) await reply.code(verdict.status).send(verdict.body);
  };
}

/** API bodies are small (rules, templates, messages): 4 MiB is far above any real one */
export const API_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

const API_ROUTES = new WeakMap<FastifyInstance, readonly string[]>();

/** Every /api route of a server as `METHOD /api/path` (fastify syntax), in registration order. */
export function apiRoutesOf(app: FastifyInstance): readonly string[] {
  return API_ROUTES.get(app) ?? [];
}

/** the longest path parameter the router accepts (fastify's default, 100, is shorter than a webhook URL) */
const MAX_PARAM_LENGTH = 2048;

export async function createHttpServer(o: HttpOptions, publicRoutes: readonly PublicRoutes[], apiRoutes: readonly ApiRoutes[]): Promise<FastifyInstance> {
  // a webhook human's id is its URL (Discord's are ~120 characters): path parameters may be that long
  const app = Fastify({
    logger: false,
    bodyLimit: o.bodyLimitBytes,
    trustProxy: false,
    forceCloseConnections: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // a path the router cannot decode (`/api/humans/%E0%A4`) answers in our error shape too
    frameworkErrors: (error, _request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply).code(status).send(errorBody(error.code === 'FST_ERR_BAD_URL' ? 'the path is not valid URL encoding' : error.message));
    },
  });
  app.decorateRequest('rawBody', null);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, jsonBodyParser(o.onInvalidJson));
  app.setErrorHandler(createErrorHandler(o.log));
  app.setNotFoundHandler(async (request, reply) => reply.code(404).send(errorBody(`no route ${request.method} ${request.url}`)));

  const guard = ipGuard(o);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'POST' && request.url.split('?')[0] === '/') await guard(request, reply);
  });
  for (const add of publicRoutes) await app.register(async (scope) => add(scope));

  await app.register(
    async (api) => {
      const auth = apiAuth(o.apiSecret);
      const limit = Math.min(o.apiBodyLimitBytes ?? API_BODY_LIMIT_BYTES, o.bodyLimitBytes);
      const listed: string[] = [];
      API_ROUTES.set(app, listed);
      api.addHook('onRoute', (route) => {
        route.bodyLimit ??= limit;
        for (const method of [route.method].flat()) if (method !== 'HEAD') listed.push(`${method} ${route.url}`);
      });
      api.addHook('onRequest', guard);
      api.addHook('onRequest', async (request, reply) => {
        if (!reply.sent) await auth(request, reply);
      });
      api.setNotFoundHandler({ preHandler: auth }, async (request, reply) => reply.code(404).send(errorBody(`no route ${request.method} ${request.url}`)));
      for (const add of apiRoutes) await add(api);
    },
    { prefix: '/api' },
  );
  return app;
}
