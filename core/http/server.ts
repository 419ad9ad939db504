/**
 * The one HTTP port: POST / (webhooks), GET /health, GET /metrics, GET /studio (the template studio page), and
 * /api/* behind the secret.
 * Other parts of the service add API routes through `ApiRoutes` registrars; they all share the auth, the IP
 * lists and the error shape set here. The IP lists guard the /api scope, every route a public registrar attaches
 * the guard it is handed to (the webhook route), and requests no route serves.
 */
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from '../log/logger.ts';
import { checkApiSecret } from './api-auth.ts';
import { createErrorHandler, errorBody } from './errors.ts';
import { createIpFilter, proxyTrust, type IpFilter } from './ip-filter.ts';

export interface HttpOptions {
  readonly ipWhitelist: readonly string[];
  readonly ipBlacklist: readonly string[];
  /** proxies whose X-Forwarded-For gives the client address ([processor] trust_proxy); default none */
  readonly trustProxy?: readonly string[];
  readonly apiSecret: string;
  readonly bodyLimitBytes: number;
  /** the largest /api body (a bigger one is a 413); default API_BODY_LIMIT_BYTES */
  readonly apiBodyLimitBytes?: number;
  readonly log: Logger;
  /** told about every body that is not JSON (counted in the metrics) */
  readonly onInvalidJson?: (url: string) => void;
  /** the longest a request may take before it answers 503 (its work goes on); default HANDLER_TIMEOUT_MS */
  readonly handlerTimeoutMs?: number;
}

/** Adds routes to the /api scope (already authenticated). */
export type ApiRoutes = (api: FastifyInstance) => void | Promise<void>;
/** The IP lists as an onRequest hook: a client they refuse gets 403 before its body is read. */
export type IpGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
/** Adds public routes (no secret): POST /, /health, /metrics, /studio. A route taking webhooks attaches `ipGuard` (`onRequest`). */
export type PublicRoutes = (app: FastifyInstance, ipGuard: IpGuard) => void | Promise<void>;

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

/**
 * A request node's HTTP parser refuses (a path with bytes that are not URL characters, headers too large, a request
 * that never finished) gets the error shape and `Connection: close`. Fastify's default answer leaves that header
 * out, so a keep-alive client could send its next request down a socket that is being destroyed, and lose it.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large'] : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout'] : [400, 'Bad Request'];
  const body = JSON.stringify(errorBody(`the request is not valid HTTP (${error.code ?? 'unreadable'})`));
  if (!socket.writable) return void socket.destroy();
  // closed once the answer is flushed, whether or not the client closes its side
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`, () => socket.destroy());
}

function ipGuard(refusal: IpFilter, log: Logger): IpGuard {
  return async (request, reply) => {
    if (reply.sent) return;
    const reason = refusal(request.ip);
    if (reason) {
      log.verbose({ ip: request.ip, peer: request.socket.remoteAddress, url: request.url.slice(0, 200), reason }, 'request refused by ip lists');
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

/**
 * No request waits longer than this for its answer: a handler stuck on a dependency that stopped answering (a
 * database connection that went silent) answers 503 then. Above every bound the handlers have of their own
 * (database connect 10 s and pool acquire 15 s, remote geofences 15 s, map tiles 10 s per request).
 */
export const HANDLER_TIMEOUT_MS = 30_000;

/** the longest path parameter the router accepts (fastify's default, 100, is shorter than a webhook URL) */
const MAX_PARAM_LENGTH = 2048;

export async function createHttpServer(o: HttpOptions, publicRoutes: readonly PublicRoutes[], apiRoutes: readonly ApiRoutes[]): Promise<FastifyInstance> {
  // a webhook human's id is its URL (Discord's are ~120 characters): path parameters may be that long
  const app = Fastify({
    logger: false,
    bodyLimit: o.bodyLimitBytes,
    trustProxy: proxyTrust(o.trustProxy ?? []),
    forceCloseConnections: false,
    handlerTimeout: o.handlerTimeoutMs ?? HANDLER_TIMEOUT_MS,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    clientErrorHandler: answerClientError,
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

  const guard = ipGuard(createIpFilter({ whitelist: o.ipWhitelist, blacklist: o.ipBlacklist }), o.log);
  // a refused client learns nothing from which paths exist: requests no route serves are guarded too
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) await guard(request, reply);
  });
  for (const add of publicRoutes) await app.register(async (scope) => add(scope, guard));

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
