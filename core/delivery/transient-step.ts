/**
 * What follows a transient failed attempt, as a pure function: a rate limit (the platform named a wait, 429) is
 * waited out without counting an attempt, unless the alert would be stale by then (stale.ts); any other transient
 * failure counts an attempt and is retried after the backoff, until the attempts run out or the alert is stale.
 */
import { retryDelayMs, type BackoffPolicy } from './backoff.ts';

export interface AttemptCounts {
  /** failed attempts so far (a rate-limit wait is not one) */
  readonly failures: number;
  /** rate-limit waits so far */
  readonly rateLimited: number;
}

export type TransientStep = AttemptCounts &
  (
    | { readonly kind: 'wait'; readonly outcome: 'rate_limited' | 'retried'; readonly waitMs: number; readonly message: string }
    | { readonly kind: 'drop'; readonly outcome: 'failed' | 'stale'; readonly reason: 'failed' | 'stale'; readonly message: string }
  );

export interface TransientPolicy {
  readonly maxAttempts: number;
  readonly backoff: BackoffPolicy;
}

/** `sendBy`: the last moment the alert may still be sent (stale.ts), null when it has none. */
export function transientStep(retryAfterMs: number | undefined, counts: AttemptCounts, sendBy: number | null, now: number, policy: TransientPolicy): TransientStep {
  if (retryAfterMs !== undefined) {
    const rateLimited = counts.rateLimited + 1;
    const waitMs = retryDelayMs(counts.failures + 1, policy.backoff, retryAfterMs);
    if (sendBy !== null && now + waitMs >= sendBy) {
      return { ...counts, rateLimited, kind: 'drop', outcome: 'stale', reason: 'stale', message: 'delivery dropped: the alert would be stale before the rate limit ends' };
    }
    return { ...counts, rateLimited, kind: 'wait', outcome: 'rate_limited', waitMs, message: 'delivery rate limited; will retry after the wait' };
  }
  const failures = counts.failures + 1;
  if (failures >= policy.maxAttempts) return { ...counts, failures, kind: 'drop', outcome: 'failed', reason: 'failed', message: 'delivery failed; giving up after the last attempt' };
  if (sendBy !== null && sendBy <= now) return { ...counts, failures, kind: 'drop', outcome: 'stale', reason: 'stale', message: 'delivery dropped: the alert is stale; not retried' };
  return { ...counts, failures, kind: 'wait', outcome: 'retried', waitMs: retryDelayMs(failures, policy.backoff), message: 'delivery failed; will retry' };
}
