/**
 * Which scanner database failures mean "the server cannot be used at all" (refused or lost connection, unknown host,
 * wrong credentials, no such database) as opposed to one query failing (a missing table or column, a slow answer).
 * The first kind sends every lookup to "unavailable" until a probe succeeds; the second rests that query only.
 */
import { describeError } from '../errors.ts';

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'ER_ACCESS_DENIED_ERROR',
  'ER_DBACCESS_DENIED_ERROR',
  'ER_BAD_DB_ERROR',
]);

function codeOf(err: unknown): string {
  if (typeof err !== 'object' || err === null) return '';
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
}

export function isUnreachable(err: unknown): boolean {
  return UNREACHABLE_CODES.has(codeOf(err));
}

/** A short reason for logs: the driver's code and message. */
export function reasonOf(err: unknown): string {
  const code = codeOf(err);
  const message = describeError(err);
  if (message.trim() === '') return code || 'unknown error';
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
