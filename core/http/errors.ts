/**
 * One error shape for every HTTP answer: {"status":"error","message":"…"} with a real status code.
 * Bad input never becomes a 500; only a bug does.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorKind, isLookoutError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';

const STATUS_BY_KIND: Readonly<Record<ErrorKind, number>> = {
  config: 500,
  input: 400,
  auth: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
  permanent: 502,
  plugin: 500,
  database: 503,
  internal: 500,
};

export interface HttpErrorBody {
  readonly status: 'error';
  readonly message: string;
}

export function errorBody(message: string): HttpErrorBody {
  return { status: 'error', message };
}

export function statusFor(err: unknown): number {
  if (isLookoutError(err)) return STATUS_BY_KIND[err.kind];
  const fastifyError = err as Partial<FastifyError>;
  if (fastifyError.validation) return 400;
  const code = fastifyError.statusCode;
  if (typeof code === 'number' && code >= 400 && code < 500) return code;
  return 500;
}

export function createErrorHandler(log: Logger) {
  return (err: unknown, request: FastifyRequest, reply: FastifyReply): void => {
    const status = statusFor(err);
    const message = err instanceof Error ? err.message : String(err);
    if (status >= 500) log.error({ err, url: request.url, method: request.method }, 'request failed');
    else log.debug({ url: request.url, method: request.method, status, reason: message }, 'request refused');
    // a bug's text stays in the log; a 503 (something needed is not running) says what is missing
    void reply.code(status).send(errorBody(status === 500 ? 'internal error; see the service log' : message));
  };
}
