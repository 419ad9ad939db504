/**
 * What follows a transient failed attempt, as a pure function: a rate limit (the platform named a wait, 429) is
 * waited out without counting an attempt, unless the alert expires first; any other transient failure counts an
 * attempt and is retried after the backoff, until the attempts run out or the alert has expired.
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
    | { readonly kind: 'drop'; readonly outcome: 'failed' | 'expired'; readonly reason: 'failed' | 'expired'; readonly message: string }
  );

export interface TransientPolicy {
  readonly maxAttempts: number;
  readonly backoff: BackoffPolicy;
}

export function transientStep(retryAfterMs: number | undefined, counts: AttemptCounts, expiresAt: number | null, now: number, policy: TransientPolicy): TransientStep {
  if (retryAfterMs !== undefined) {
    const rateLimited = counts.rateLimited + 1;
    const waitMs = retryDelayMs(counts.failures + 1, policy.backoff, retryAfterMs);
    if (expiresAt !== null && now + waitMs >= expiresAt) {
      return { ...counts, rateLimited, kind: 'drop', outcome: 'expired', reason: 'expired', message: 'delivery dropped: the alert expires before the rate limit ends' };
    }
    return { ...counts, rateLimited, kind: 'wait', outcome: 'rate_limited', waitMs, message: 'delivery rate limited; will retry after the wait' };
  }
  const failures = counts.failures + 1;
  if (failures >= policy.maxAttempts) return { ...counts, failures, kind: 'drop', outcome: 'failed', reason: 'failed', message: 'delivery failed; giving up after the last attempt' };
  if (expiresAt !== null && expiresAt <= now) return { ...counts, failures, kind: 'drop', outcome: 'expired', reason: 'expired', message: 'delivery dropped: the alert expired; not retried' };
  return { ...counts, failures, kind: 'wait', outcome: 'retried', waitMs: retryDelayMs(failures, policy.backoff), message: 'delivery failed; will retry' };
}
