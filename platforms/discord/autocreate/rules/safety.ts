/**
 * The removal safety check of an auto-create sync (spec, Limits item 4): orphan removal is blocked when the
 * orphans are more than `removal_safety_max_percent` of the rule's cache entries. The check only engages with
 * at least 10 cache entries, a limit of 0 turns it off, it is never enforced on a dry run, and `force` bypasses
 * it. The comparison is strict (exactly at the limit passes), as in PoracleNG. Pure.
 */

/** Fewer cache entries than this and the percentage says too little to act on. */
export const SAFETY_MIN_CACHE_ENTRIES = 10;

export interface RemovalSafetyInput {
  /** how many cached fences the sync would remove */
  readonly orphans: number;
  /** how many fences the rule's cache holds (after pruning) */
  readonly cachedEntries: number;
  /** `[autocreate] removal_safety_max_percent`; 0 (or less) disables the check */
  readonly maxPercent: number;
  readonly force: boolean;
  readonly dryRun: boolean;
}

export interface RemovalSafety {
  readonly allowed: boolean;
  /** orphans as a percentage of cache entries (0 with an empty cache) */
  readonly percent: number;
  /** the threshold is exceeded and the check engaged: true even when force or a dry run lets removal go on */
  readonly overThreshold: boolean;
  /** why removal is blocked, or that force overrode the check, or that a real run would be blocked */
  readonly message?: string;
}

function counts(i: RemovalSafetyInput, percent: number): string {
  return `${i.orphans} of ${i.cachedEntries} cached fences (${percent.toFixed(1)}%)`;
}

export function removalSafety(input: RemovalSafetyInput): RemovalSafety {
  const { orphans, cachedEntries, maxPercent } = input;
  const percent = cachedEntries > 0 ? (orphans * 100) / cachedEntries : 0;
  const engaged = maxPercent > 0 && cachedEntries >= SAFETY_MIN_CACHE_ENTRIES;
  const overThreshold = engaged && orphans * 100 > cachedEntries * maxPercent;
  if (!overThreshold) return { allowed: true, percent, overThreshold };
  const limit = `removal_safety_max_percent ${maxPercent}%`;
  if (input.dryRun) {
    return { allowed: true, percent, overThreshold, message: `dry run: a real run would block removal: ${counts(input, percent)} would be removed, above ${limit}; it would need force` };
  }
  if (input.force) {
    return { allowed: true, percent, overThreshold, message: `removal safety overridden by force: ${counts(input, percent)} will be removed, above ${limit}` };
  }
  return { allowed: false, percent, overThreshold, message: `removal blocked: ${counts(input, percent)} would be removed, above ${limit}; re-run with force to override` };
}
