/**
 * Saving the cache files when several runs share them (different rules sync in parallel, an `autocreate` command
 * may run beside a sync): each save reads the file afresh and applies only what its run changed — its rule's
 * state, the thread-cache parents it touched — one save at a time, so no run overwrites another's entries.
 */
import type { Logger } from '../../../core/log/logger.ts';
import { loadSyncCache, loadThreadCache, saveSyncCache, saveThreadCache, type RuleSyncState, type ThreadCacheFile } from './cache/index.ts';

export type Serializer = <T>(work: () => Promise<T>) => Promise<T>;

/** Runs the works given to it one after another. */
export function serializer(): Serializer {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** The parents whose entry differs between `before` and `after` (entries are replaced, never mutated). */
function changedParents(before: ThreadCacheFile, after: ThreadCacheFile): string[] {
  const ids = new Set([...Object.keys(before.parents), ...Object.keys(after.parents)]);
  return [...ids].filter((id) => before.parents[id] !== after.parents[id]);
}

export async function saveThreadChanges(path: string, before: ThreadCacheFile, after: ThreadCacheFile, log: Logger): Promise<void> {
  const changed = changedParents(before, after);
  if (changed.length === 0) return;
  const fresh = await loadThreadCache(path, log);
  const parents: Record<string, ThreadCacheFile['parents'][string]> = { ...fresh.parents };
  for (const id of changed) {
    const entry = after.parents[id];
    if (entry) parents[id] = entry;
    else delete parents[id];
  }
  await saveThreadCache(path, { ...fresh, parents });
}

export async function saveRuleState(path: string, state: RuleSyncState, log: Logger): Promise<void> {
  const fresh = await loadSyncCache(path, log);
  await saveSyncCache(path, { ...fresh, rules: { ...fresh.rules, [state.rule]: state } });
}
