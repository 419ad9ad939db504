/**
 * What one delivery attempt came to: sent, refused for good, or worth retrying. A platform's outcome and a
 * thrown error are folded into the same three cases so the queue decides on types, never on message text.
 */
import type { DeliveryOutcome } from '../contract.ts';
import { describeError, isLookoutError } from '../errors.ts';

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

/** The result of an attempt whose platform threw: transient, unless the error says the target refuses for good. */
export function resultOfThrow(err: unknown): AttemptResult {
  const reason = `platform threw: ${describeError(err)}`;
  if (isLookoutError(err) && err.kind === 'permanent') return { kind: 'permanent', reason };
  return { kind: 'transient', reason };
}
