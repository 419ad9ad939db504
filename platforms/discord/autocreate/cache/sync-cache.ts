/**
 * `config/.cache/autocreate.json`, the per-rule sync state: loading (never fails: a missing file is an empty
 * cache, an unreadable or unrecognised one is logged and treated as empty, since the next sync rebuilds it from
 * the live guild), atomic saving, and the pure updates a sync makes to a rule's state: prune against the live
 * guild, add or replace a fence, drop a fence.
 */
import { readJson, writeAtomic } from '../../../../core/gamedata/json-file.ts';
import { parseSyncCache } from './sync-cache-parse.ts';
import { CACHE_VERSION, type CacheLog, type CachedFence, type RuleSyncState, type SyncCacheFile } from './types.ts';

export function emptySyncCache(): SyncCacheFile {
  return { version: CACHE_VERSION, rules: {} };
}

export function emptyRuleState(rule: string, guild: string, template: string): RuleSyncState {
  return { rule, guild, template, fences: {} };
}

/** The rule's state in the file, if it has one. */
export function ruleStateOf(file: SyncCacheFile, rule: string): RuleSyncState | undefined {
  return Object.hasOwn(file.rules, rule) ? file.rules[rule] : undefined;
}

/** The file with the rule's state added or replaced (keyed by `state.rule`). */
export function withRule(file: SyncCacheFile, state: RuleSyncState): SyncCacheFile {
  return { ...file, rules: { ...file.rules, [state.rule]: state } };
}

/** The state with the fence's entry added or replaced (keyed by `fence.fence`). */
export function withFence(state: RuleSyncState, fence: CachedFence): RuleSyncState {
  return { ...state, fences: { ...state.fences, [fence.fence]: fence } };
}

/** The state without the named fence (the same object when it had none). */
export function withoutFence(state: RuleSyncState, name: string): RuleSyncState {
  if (!Object.hasOwn(state.fences, name)) return state;
  const fences = { ...state.fences };
  delete fences[name];
  return { ...state, fences };
}

/** What the guild holds right now (one snapshot per sync). */
export interface LiveGuildIds {
  /** every text and voice channel id */
  readonly channelIds: ReadonlySet<string>;
  readonly categoryIds: ReadonlySet<string>;
}

export interface SyncCachePrune {
  readonly state: RuleSyncState;
  /** fences dropped from the cache: none of their channels and not their category exist any more */
  readonly prunedFences: readonly string[];
  /** cached channels dropped (their channel no longer exists), counting those of dropped fences */
  readonly prunedChannels: number;
  /** kept fences whose category no longer exists (their categoryId is now null) */
  readonly clearedCategories: number;
}

/**
 * Drops what the guild no longer has, so the sync rebuilds it instead of trusting dead ids. A channel whose id
 * is gone leaves its fence's entry. A fence whose category is gone keeps its channels with `categoryId` null.
 * A fence left with no channel and no category is dropped: if it still matches the rule it is then classified
 * toCreate, so its channels are made again AND their template commands run (a toReuse fence runs commands only
 * under reset); if it no longer matches, there is nothing left to remove. A fence that kept its category but
 * lost channels stays (its category is still the rule's, to clean up when the fence goes); the apply step
 * treats a template channel missing from a reused fence's entry as new. Pure; returns the input state when
 * nothing changed.
 */
export function pruneSyncCache(state: RuleSyncState, live: LiveGuildIds): SyncCachePrune {
  const fences: Record<string, CachedFence> = {};
  const prunedFences: string[] = [];
  let prunedChannels = 0;
  let clearedCategories = 0;
  for (const [name, fence] of Object.entries(state.fences)) {
    const channels = fence.channels.filter((c) => live.channelIds.has(c.channelId));
    prunedChannels += fence.channels.length - channels.length;
    const categoryGone = fence.categoryId !== null && !live.categoryIds.has(fence.categoryId);
    const categoryId = categoryGone ? null : fence.categoryId;
    if (channels.length === 0 && categoryId === null) {
      prunedFences.push(name);
      continue;
    }
    if (categoryGone) clearedCategories++;
    fences[name] = channels.length === fence.channels.length && !categoryGone ? fence : { ...fence, channels, categoryId };
  }
  const changed = prunedFences.length > 0 || prunedChannels > 0 || clearedCategories > 0;
  return { state: changed ? { ...state, fences } : state, prunedFences, prunedChannels, clearedCategories };
}

const REBUILD = 'the next auto-create sync rebuilds it from the guild';

/** The cache at `path`; empty when missing, and (with a warning naming the file and the reason) when unusable. */
export async function loadSyncCache(path: string, log: CacheLog): Promise<SyncCacheFile> {
  const read = await readJson(path);
  if (!read.ok) {
    if (!read.missing) log.warn({ file: path, reason: read.reason }, `auto-create cache is unreadable; starting from an empty cache (${REBUILD})`);
    return emptySyncCache();
  }
  const parsed = parseSyncCache(read.value);
  if (!parsed.ok) {
    log.warn({ file: path, reason: parsed.reason }, `auto-create cache is not in a known format; starting from an empty cache (${REBUILD})`);
    return emptySyncCache();
  }
  if (parsed.format === 'poracleng') {
    log.warn({ file: path, rules: Object.keys(parsed.file.rules).length }, 'auto-create cache was written by PoracleNG; its rules, fences, categories and channels are kept, template names and arguments are unknown until the next sync');
  }
  if (parsed.dropped > 0) log.warn({ file: path, dropped: parsed.dropped }, `auto-create cache has entries of an unexpected shape; they are ignored (${REBUILD})`);
  return parsed.file;
}

/** Writes the cache through a temp file and a rename (creating the directory), so a reader never sees half. */
export async function saveSyncCache(path: string, data: SyncCacheFile): Promise<void> {
  await writeAtomic(path, `${JSON.stringify(data, null, 2)}\n`);
}
