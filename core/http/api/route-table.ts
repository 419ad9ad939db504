/**
 * The human/profile routes as a table of (method, path, handler), registered as fastify routes; a handler
 * answers a body (200) or an explicit status and body. Long path parameters (a webhook human's id is its URL)
 * are allowed by the server's maxParamLength.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

/** Registers every route of the table. */
export function registerRoutes(api: FastifyInstance, routes: readonly RouteSpec[]): void {
  for (const route of routes) {
    api.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) =>
        send(reply, await route.handler({ params: request.params as Record<string, string>, query: request.query as Record<string, unknown>, body: request.body })),
    });
  }
}
