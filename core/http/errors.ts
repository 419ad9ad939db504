/**
 * One error shape for every HTTP answer: {"status":"error","message":"…"} with a real status code.
 * Bad input never becomes a 500; only a bug does.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnreachable, unreachableError } from '../db/outage.ts';
import { describeError, type ErrorKind, isLookoutError } from '../errors.ts';
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

/** fastify's answer to a handler that did not finish within the server's handlerTimeout */
const HANDLER_TIMEOUT = 'FST_ERR_HANDLER_TIMEOUT';

export function statusFor(err: unknown): number {
  if (isLookoutError(err)) return STATUS_BY_KIND[err.kind];
  if (isDatabaseUnreachable(err)) return STATUS_BY_KIND.unavailable;
  const fastifyError = err as Partial<FastifyError>;
  if (fastifyError.code === HANDLER_TIMEOUT) return STATUS_BY_KIND.unavailable;
  if (fastifyError.validation) return 400;
  const code = fastifyError.statusCode;
  if (typeof code === 'number' && code >= 400 && code < 500) return code;
  return 500;
}

export function createErrorHandler(log: Logger) {
  return (thrown: unknown, request: FastifyRequest, reply: FastifyReply): void => {
    // a driver's outage error (connection refused or lost, pool timeout…) answers as the typed DB_UNREACHABLE
    const outage = !isLookoutError(thrown) && isDatabaseUnreachable(thrown);
    const err = outage ? unreachableError(thrown) : thrown;
    const status = statusFor(err);
    const message = err instanceof Error ? err.message : String(err);
    if (outage) log.warn({ url: request.url, method: request.method, reason: describeError(thrown) }, 'request failed: database unreachable');
    else if (status >= 500) log.error({ err, url: request.url, method: request.method }, 'request failed');
    else log.debug({ url: request.url, method: request.method, status, reason: message }, 'request refused');
    // a bug's text stays in the log; a 503 (something needed is not running) says what is missing
    void reply.code(status).send(errorBody(status === 500 ? 'internal error; see the service log' : message));
  };
}
