/**
 * What a failed Bot API call means for a delivery: rate limited (wait `retry_after`), Markdown Telegram could
 * not parse, the target is gone for good (blocked, kicked, chat not found), the request was refused (any
 * other 400), or a transient trouble (5xx, network, the bot's own token refused).
 */
import { GrammyError, HttpError } from 'grammy';
import { RATE_LIMIT_WAIT_MS, type DeliveryOutcome } from '../../core/contract.ts';
import { describeError } from '../../core/errors.ts';

export type ApiFailure =
  | { readonly kind: 'rate-limited'; readonly reason: string; readonly retryAfterMs?: number }
  | { readonly kind: 'bad-markup'; readonly reason: string }
  | { readonly kind: 'target-gone'; readonly reason: string }
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'transient'; readonly reason: string };

const GONE_400 = /chat not found|thread not found|group chat was upgraded|need administrator rights|not enough rights|have no rights/i;

export function classifyApiError(err: unknown): ApiFailure {
  if (err instanceof GrammyError) {
    const reason = `${err.method}: ${err.error_code} ${err.description}`;
    if (err.error_code === 429) {
      const seconds = err.parameters.retry_after;
      return typeof seconds === 'number' && seconds >= 0 ? { kind: 'rate-limited', reason, retryAfterMs: Math.ceil(seconds * 1000) } : { kind: 'rate-limited', reason };
    }
    if (err.error_code === 400 && /can't parse entities/i.test(err.description)) return { kind: 'bad-markup', reason };
    if (err.error_code === 403 || (err.error_code === 400 && GONE_400.test(err.description))) return { kind: 'target-gone', reason };
    if (err.error_code === 400) return { kind: 'refused', reason };
    return { kind: 'transient', reason };
  }
  if (err instanceof HttpError) return { kind: 'transient', reason: `network error: ${describeError(err.error)}` };
  return { kind: 'transient', reason: describeError(err) };
}

/** The delivery outcome a failure ends in. */
export function outcomeOf(failure: ApiFailure): DeliveryOutcome {
  switch (failure.kind) {
    case 'rate-limited':
      return { ok: false, permanent: false, reason: failure.reason, retryAfterMs: failure.retryAfterMs ?? RATE_LIMIT_WAIT_MS };
    case 'transient':
      return { ok: false, permanent: false, reason: failure.reason };
    default:
      return { ok: false, permanent: true, reason: failure.reason };
  }
}
