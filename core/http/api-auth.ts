/**
 * /api/* authentication: header X-Service-Secret (or X-Poracle-Secret, which existing clients send) must equal
 * [processor] api_secret, compared in constant time. A blank secret (or one of only whitespace, which nobody can
 * send) disables the authenticated API.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export type AuthVerdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly status: 401 | 403; readonly body: Readonly<Record<string, string>> };

const HEADERS = ['x-service-secret', 'x-poracle-secret'] as const;

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function headerValue(headers: IncomingHttpHeaders): string | undefined {
  for (const name of HEADERS) {
    const value = headers[name];
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && value[0] !== undefined) return value[0];
  }
  return undefined;
}

export function checkApiSecret(headers: IncomingHttpHeaders, secret: string): AuthVerdict {
  if (secret.trim().length === 0) {
    return {
      ok: false,
      status: 403,
      body: { status: 'error', message: 'the authenticated API is disabled: set api_secret under [processor] in config/config.toml and restart' },
    };
  }
  const given = headerValue(headers);
  if (given === undefined) return { ok: false, status: 401, body: { status: 'authError', reason: 'missing api secret: send it in the X-Service-Secret header' } };
  if (!timingSafeEqual(digest(given), digest(secret))) return { ok: false, status: 401, body: { status: 'authError', reason: 'incorrect api secret' } };
  return { ok: true };
}
