/**
 * How far the V8 heap may grow past what is live before the next full collection ([tuning]
 * heap_growing_percent). Left to itself V8 lets a busy heap grow to several times its live size: with 500k
 * rules, a reload under load (the old and the new state both live for a moment) took the process from ~400 MB
 * to ~1.9 GB, although never more than ~800 MB of it was live. A fixed growth keeps the peak near the live size
 * without the crash risk of a fixed heap limit. The flag is the process's, so only the entry point applies it.
 */
import { setFlagsFromString } from 'node:v8';

/** The V8 flag for a growth in percent; null for 0 (V8 decides). */
export function heapGrowthFlag(percent: number): string | null {
  if (!Number.isInteger(percent) || percent < 0) throw new RangeError(`heap growth must be a whole number of percent ≥ 0, got ${percent}`);
  return percent === 0 ? null : `--heap-growing-percent=${percent}`;
}

/** Applies [tuning] heap_growing_percent to this process (V8 reads it at each full collection). */
export function applyHeapGrowth(percent: number): void {
  const flag = heapGrowthFlag(percent);
  if (flag) setFlagsFromString(flag);
}
