/**
 * `config/.cache/autocreate-threads.json`, the private threads and picker messages under each parent channel:
 * loading (never fails: missing → empty, unreadable or unrecognised → logged and empty, since the next sync
 * rebuilds it), atomic saving, and pure updates: set or drop a parent's picker, prune against the live guild,
 * and the list of every cached thread id for the keep-alive sweeper.
 */
import { readJson, writeAtomic } from '../../../../core/gamedata/json-file.ts';
import { parseThreadCache } from './thread-cache-parse.ts';
import { CACHE_VERSION, type CacheLog, type CachedPicker, type ThreadCacheFile } from './types.ts';

export function emptyThreadCache(): ThreadCacheFile {
  return { version: CACHE_VERSION, parents: {} };
}

/** The picker cached for a parent channel, if any. */
export function pickerOf(file: ThreadCacheFile, parentId: string): CachedPicker | undefined {
  return Object.hasOwn(file.parents, parentId) ? file.parents[parentId] : undefined;
}

/** The file with the parent's picker added or replaced. */
export function withParent(file: ThreadCacheFile, parentId: string, picker: CachedPicker): ThreadCacheFile {
  return { ...file, parents: { ...file.parents, [parentId]: picker } };
}

/** The file without the parent (the same object when it had none). */
export function withoutParent(file: ThreadCacheFile, parentId: string): ThreadCacheFile {
  if (!Object.hasOwn(file.parents, parentId)) return file;
  const parents = { ...file.parents };
  delete parents[parentId];
  return { ...file, parents };
}

/** Every cached thread id, each once, in file order: what the keep-alive sweeper un-archives. */
export function allThreadIds(file: ThreadCacheFile): string[] {
  const ids = new Set<string>();
  for (const picker of Object.values(file.parents)) for (const thread of picker.threads) ids.add(thread.threadId);
  return [...ids];
}

export interface ThreadCachePrune {
  readonly file: ThreadCacheFile;
  /** parents dropped because their channel no longer exists */
  readonly prunedParents: readonly string[];
  /** thread entries dropped, counting those of dropped parents */
  readonly prunedThreads: number;
}

/**
 * Drops what the guild no longer has: a parent whose channel is gone (its threads went with it), and a thread
 * whose id is not live. A parent left with no threads keeps its picker message ids, so the next sync can
 * delete or edit those messages. Only parents of `guild` are looked at (a snapshot covers one guild); null
 * looks at all. `liveThreadIds` must hold every thread the guild still has, archived ones included: a thread
 * missing from it is forgotten and would be created again. Pure; returns the input file when nothing changed.
 */
export function pruneThreadCache(file: ThreadCacheFile, liveThreadIds: ReadonlySet<string>, liveChannelIds: ReadonlySet<string>, guild: string | null): ThreadCachePrune {
  const parents: Record<string, CachedPicker> = {};
  const prunedParents: string[] = [];
  let prunedThreads = 0;
  for (const [parentId, picker] of Object.entries(file.parents)) {
    if (guild !== null && picker.guild !== guild) {
      parents[parentId] = picker;
      continue;
    }
    if (!liveChannelIds.has(parentId)) {
      prunedParents.push(parentId);
      prunedThreads += picker.threads.length;
      continue;
    }
    const threads = picker.threads.filter((t) => liveThreadIds.has(t.threadId));
    prunedThreads += picker.threads.length - threads.length;
    parents[parentId] = threads.length === picker.threads.length ? picker : { ...picker, threads };
  }
  const changed = prunedParents.length > 0 || prunedThreads > 0;
  return { file: changed ? { ...file, parents } : file, prunedParents, prunedThreads };
}

const REBUILD = 'the next auto-create sync rebuilds it from the guild';

/** The thread cache at `path`; empty when missing, and (with a warning naming the file and reason) when unusable. */
export async function loadThreadCache(path: string, log: CacheLog): Promise<ThreadCacheFile> {
  const read = await readJson(path);
  if (!read.ok) {
    if (!read.missing) log.warn({ file: path, reason: read.reason }, `auto-create thread cache is unreadable; starting from an empty cache (${REBUILD})`);
    return emptyThreadCache();
  }
  const parsed = parseThreadCache(read.value);
  if (!parsed.ok) {
    log.warn({ file: path, reason: parsed.reason }, `auto-create thread cache is not in a known format; starting from an empty cache (${REBUILD})`);
    return emptyThreadCache();
  }
  if (parsed.format === 'poracleng') {
    log.warn({ file: path, parents: Object.keys(parsed.file.parents).length }, 'auto-create thread cache was written by PoracleNG; its parents, threads and picker messages are kept (thread names are taken from the button labels)');
  }
  if (parsed.dropped > 0) log.warn({ file: path, dropped: parsed.dropped }, `auto-create thread cache has entries of an unexpected shape; they are ignored (${REBUILD})`);
  return parsed.file;
}

/** Writes the thread cache through a temp file and a rename (creating the directory). */
export async function saveThreadCache(path: string, data: ThreadCacheFile): Promise<void> {
  await writeAtomic(path, `${JSON.stringify(data, null, 2)}\n`);
}
