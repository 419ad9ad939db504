/**
 * Sorts the geofence list for one auto-create rule against the rule's cache (spec, "Fence classification in a
 * sync"):
 *
 * | condition                                              | class    |
 * | matches the filter, not in the cache                   | toCreate |
 * | matches the filter, in the cache                       | toReuse  |
 * | in the cache, no longer matches or gone from the list  | orphan   |
 * | filter or params fail to compile or render             | skipped  |
 *
 * A skipped fence that is in the cache is NOT an orphan: a broken template expression must never cost an area
 * its channels. (PoracleNG lists such a fence as an orphan too; here it is only skipped.) A fence whose name
 * occurs again further down the list is skipped; the first fence of a name is the one the service uses.
 * Every list keeps the order of the fence list; orphans gone from the list follow, in cache order. Pure.
 */
import type { AutocreateRule } from '../../../../core/config/platform-types.ts';
import { evaluateRule } from './expressions.ts';
import type { FenceForRule } from './fence-context.ts';

export interface FenceCandidate<F extends FenceForRule = FenceForRule> {
  readonly fence: F;
  /** the positional arguments for the channel template, original case */
  readonly args: readonly string[];
}

export interface SkippedFence {
  readonly fence: string;
  readonly reason: string;
}

export interface Classification<F extends FenceForRule = FenceForRule> {
  readonly toCreate: readonly FenceCandidate<F>[];
  readonly toReuse: readonly FenceCandidate<F>[];
  /** names of cached fences to remove (if removals are allowed) */
  readonly orphans: readonly string[];
  readonly skipped: readonly SkippedFence[];
}

export function classifyFences<F extends FenceForRule>(rule: AutocreateRule, fences: readonly F[], cachedFenceNames: ReadonlySet<string>): Classification<F> {
  const toCreate: FenceCandidate<F>[] = [];
  const toReuse: FenceCandidate<F>[] = [];
  const orphans: string[] = [];
  const skipped: SkippedFence[] = [];
  const seen = new Set<string>();
  for (const fence of fences) {
    if (seen.has(fence.name)) {
      skipped.push({ fence: fence.name, reason: 'another geofence earlier in the list has the same name; the first one is used' });
      continue;
    }
    seen.add(fence.name);
    const cached = cachedFenceNames.has(fence.name);
    const verdict = evaluateRule(rule, fence);
    if (verdict.kind === 'skipped') skipped.push({ fence: fence.name, reason: verdict.reason });
    else if (verdict.kind === 'nomatch') {
      if (cached) orphans.push(fence.name);
    } else (cached ? toReuse : toCreate).push({ fence, args: verdict.args });
  }
  for (const name of cachedFenceNames) if (!seen.has(name)) orphans.push(name);
  return { toCreate, toReuse, orphans, skipped };
}
