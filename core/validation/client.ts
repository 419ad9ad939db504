/**
 * One validation call: the recipient's request POSTed as JSON to [validation] url, the answer read within
 * [tuning] validation_timeout_ms (connection, headers and body together); a network error, the deadline or an
 * unusable answer is a failure with its reason, never a throw.
 */
import { readAnswer, type CallOutcome, type ValidationRequest } from './answer.ts';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ValidationClientOptions {
  readonly url: string;
  readonly timeoutMs: number;
  /** replaces the global fetch (tests) */
  readonly fetch?: FetchLike;
}

export type ValidationCall = (request: ValidationRequest) => Promise<CallOutcome>;

function failureOf(err: unknown, timeoutMs: number): CallOutcome {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return { kind: 'failed', reason: 'timeout', detail: `no answer within ${timeoutMs} ms` };
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return { kind: 'failed', reason: 'unreachable', detail: `${err instanceof Error ? err.message : String(err)}${cause}` };
}

export function validationClient(o: ValidationClientOptions): ValidationCall {
  const send = o.fetch ?? ((url, init) => fetch(url, init));
  return async (request) => {
    try {
      const res = await send(o.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(o.timeoutMs),
      });
      return readAnswer(res.status, await res.text());
    } catch (err) {
      return failureOf(err, o.timeoutMs);
    }
  };
}
