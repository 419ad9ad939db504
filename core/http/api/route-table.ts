/**
 * The human/profile routes as a table, registered twice: as ordinary fastify routes, and behind one wildcard
 * per top-level path (`/humans/*`, `/profiles/*`) that matches the raw URL itself. The router refuses path
 * parameters over 100 characters, and a webhook human's id is its URL (often longer): the wildcard catches
 * those requests and sends them to the same handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LookoutError } from '../../errors.ts';
import { errorBody } from '../errors.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body: unknown;
}

/** A handler answers a body (sent with 200) or an explicit status and body. */
export interface Answer {
  readonly code: number;
  readonly body: unknown;
}

export type Handler = (request: ApiRequest) => Promise<unknown>;

export interface RouteSpec {
  readonly method: Method;
  /** fastify syntax, e.g. `/humans/:id/locations/:label/delete` */
  readonly path: string;
  readonly handler: Handler;
}

export function answer(code: number, body: unknown): Answer {
  return Object.assign(Object.create(ANSWER) as object, { code, body }) as Answer;
}

const ANSWER = {};

function isAnswer(value: unknown): value is Answer {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === ANSWER;
}

async function send(reply: FastifyReply, result: unknown): Promise<FastifyReply> {
  return isAnswer(result) ? reply.code(result.code).send(result.body) : reply.code(200).send(result);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new LookoutError('BAD_REQUEST', 'the path is not valid URL encoding', {});
  }
}

/** Params of `path` matched against the raw segments after the route's first static part, or null. */
function matchSegments(pattern: readonly string[], segments: readonly string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i]!;
    const got = segments[i]!;
    if (want.startsWith(':')) {
      if (got === '') return null;
      params[want.slice(1)] = decodeSegment(got);
    } else if (want !== got) return null;
  }
  return params;
}

function wildcardHandler(prefix: string, routes: readonly RouteSpec[]) {
  const statics = (segments: readonly string[]) => segments.filter((s) => !s.startsWith(':')).length;
  const patterns = routes
    .map((r) => ({ route: r, segments: r.path.slice(prefix.length).split('/') }))
    .sort((a, b) => statics(b.segments) - statics(a.segments));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const scopeUrl = request.routeOptions.url ?? '';
    const base = scopeUrl.slice(0, scopeUrl.length - 1); // '/api/humans/'
    const rawPath = request.url.split('?')[0] ?? '';
    const segments = rawPath.slice(base.length).split('/');
    for (const { route, segments: pattern } of patterns) {
      if (route.method !== request.method) continue;
      const params = matchSegments(pattern, segments);
      if (params) return send(reply, await route.handler({ params, query: request.query as Record<string, unknown>, body: request.body }));
    }
    return reply.code(404).send(errorBody(`no route ${request.method} ${request.url}`));
  };
}

/** Registers every route, plus the long-parameter fallback for each `/<top>/:param…` group. */
export function registerRoutes(api: FastifyInstance, routes: readonly RouteSpec[]): void {
  for (const route of routes) {
    api.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) =>
        send(reply, await route.handler({ params: request.params as Record<string, string>, query: request.query as Record<string, unknown>, body: request.body })),
    });
  }
  const groups = new Map<string, RouteSpec[]>();
  for (const route of routes) {
    const m = /^(\/[^/:]+\/)(?=.*:)/.exec(route.path);
    if (m) groups.set(m[1]!, [...(groups.get(m[1]!) ?? []), route]);
  }
  for (const [prefix, group] of groups) {
    const methods = [...new Set(group.map((r) => r.method))];
    api.route({ method: methods, url: `${prefix}*`, handler: wildcardHandler(prefix, group) });
  }
}
