/**
 * What one delivery attempt came to: sent, refused for good, or worth retrying. A platform's outcome and a
 * thrown error are folded into the same three cases so the queue decides on types, never on message text.
 */
import type { DeliveryOutcome } from '../contract.ts';
import { describeError, isLookoutError } from '../errors.ts';
import type { ExternalOutcome } from '../metrics/external-call.ts';

export type AttemptResult =
  | { readonly kind: 'sent'; readonly messageIds: readonly string[]; readonly degraded?: readonly string[] }
  | { readonly kind: 'permanent'; readonly reason: string }
  | { readonly kind: 'transient'; readonly reason: string; readonly retryAfterMs?: number };

/** The result of an attempt whose platform answered with an outcome. */
export function resultOfOutcome(outcome: DeliveryOutcome): AttemptResult {
  if (outcome.ok) return outcome.degraded?.length ? { kind: 'sent', messageIds: outcome.messageIds ?? [], degraded: outcome.degraded } : { kind: 'sent', messageIds: outcome.messageIds ?? [] };
  if (outcome.permanent) return { kind: 'permanent', reason: outcome.reason };
  return outcome.retryAfterMs === undefined ? { kind: 'transient', reason: outcome.reason } : { kind: 'transient', reason: outcome.reason, retryAfterMs: outcome.retryAfterMs };
}

/**
 * A platform's answer (deliver, edit, remove) as lookout_external_call_seconds{service=<platform>} counts it: ok,
 * rate_limited (a 429), rejected (refused for good) or error (worth retrying); a throw is error or timeout.
 */
export function callOutcomeOf(outcome: DeliveryOutcome): ExternalOutcome {
  if (outcome.ok) return 'ok';
  if (outcome.retryAfterMs !== undefined) return 'rate_limited';
  return outcome.permanent ? 'rejected' : 'error';
}

/** The result of an attempt whose platform threw: transient, unless the error says the target refuses for good. */
export function resultOfThrow(err: unknown): AttemptResult {
  const reason = `platform threw: ${describeError(err)}`;
  if (isLookoutError(err) && err.kind === 'permanent') return { kind: 'permanent', reason };
  return { kind: 'transient', reason };
}
