/**
 * How long to wait before the next attempt of a delivery that failed for a transient reason.
 */

export interface BackoffPolicy {
  /** the wait after the first failure; doubles after each further one */
  readonly baseMs: number;
  /** no computed wait exceeds this (jitter included) */
  readonly maxMs: number;
  /** the longest wait a platform may ask for (429 Retry-After); longer requests are shortened to this */
  readonly maxRetryAfterMs: number;
  /** a number in [0, 1); spreads retries of many targets apart */
  readonly random: () => number;
}

/** Share of the computed wait that is randomised (±10 %). */
const JITTER = 0.1;

/**
 * The wait before retrying after `failures` failed attempts (1 = the first attempt failed).
 * A wait the platform asked for wins over the computed one.
 */
export function retryDelayMs(failures: number, policy: BackoffPolicy, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) return Math.min(retryAfterMs, policy.maxRetryAfterMs);
  const exponent = Math.max(0, failures - 1);
  const raw = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  const jittered = raw * (1 - JITTER + 2 * JITTER * policy.random());
  return Math.max(0, Math.min(policy.maxMs, Math.round(jittered)));
}
