/**
 * The parsed content of `config/.cache/autocreate-threads.json` → ThreadCacheFile. Reads this service's format
 * (`{ version: 1, parents }`), dropping entries that do not have the expected shape, and PoracleNG's format (an
 * object of parent channel id → `{ guildId, pickerMessageIds, threads: [{ threadId, label, style }] }`), where
 * a thread's name is not recorded and is taken to be its label. Anything else is not recognised. Pure.
 */
import { isObject, nonEmptyText, readMembers, text, textList, type JsonObject } from './read-shape.ts';
import { CACHE_VERSION, type CachedPicker, type CachedThread, type ThreadCacheFile } from './types.ts';

export type ThreadCacheParse =
  | { readonly ok: true; readonly file: ThreadCacheFile; readonly format: 'lookout' | 'poracleng'; readonly dropped: number }
  | { readonly ok: false; readonly reason: string };

/** The button style when none is recorded. */
export const DEFAULT_BUTTON_STYLE = 'secondary';

function readThreads(value: unknown, dropped: { count: number }): CachedThread[] {
  if (!Array.isArray(value)) return [];
  const threads: CachedThread[] = [];
  for (const item of value) {
    const threadId = isObject(item) ? nonEmptyText(item.threadId) : null;
    if (!isObject(item) || threadId === null || typeof item.label !== 'string') {
      dropped.count++;
      continue;
    }
    const label = item.label;
    threads.push({ label, name: text(item.name, label), threadId, style: nonEmptyText(item.style) ?? DEFAULT_BUTTON_STYLE });
  }
  return threads;
}

function readPicker(value: unknown, guildKey: 'guild' | 'guildId', dropped: { count: number }): CachedPicker | null {
  if (!isObject(value)) return null;
  return { guild: text(value[guildKey]), threads: readThreads(value.threads, dropped), pickerMessageIds: textList(value.pickerMessageIds) };
}

function readAll(parents: JsonObject, guildKey: 'guild' | 'guildId', format: 'lookout' | 'poracleng'): ThreadCacheParse {
  const dropped = { count: 0 };
  const read = readMembers(parents, (_id, member) => readPicker(member, guildKey, dropped));
  return { ok: true, file: { version: CACHE_VERSION, parents: read.kept }, format, dropped: dropped.count + read.dropped };
}

export function parseThreadCache(value: unknown): ThreadCacheParse {
  if (!isObject(value)) return { ok: false, reason: 'the file does not hold a JSON object' };
  if (Object.keys(value).length === 0) return { ok: true, file: { version: CACHE_VERSION, parents: {} }, format: 'lookout', dropped: 0 }; // PoracleNG's empty cache too
  if ('version' in value || 'parents' in value) {
    if (value.version !== CACHE_VERSION) return { ok: false, reason: `cache format version ${JSON.stringify(value.version)} is not understood (expected ${CACHE_VERSION})` };
    if (!isObject(value.parents)) return { ok: false, reason: '"parents" is not an object' };
    return readAll(value.parents, 'guild', 'lookout');
  }
  const legacy = Object.values(value).every((m) => isObject(m) && (Array.isArray(m.threads) || m.threads === null || 'guildId' in m));
  if (legacy) return readAll(value, 'guildId', 'poracleng');
  return { ok: false, reason: 'the content is neither this service\'s thread cache format nor PoracleNG\'s' };
}
