/**
 * The parsed content of `config/.cache/autocreate.json` → SyncCacheFile. Reads this service's format
 * (`{ version: 1, rules }`), dropping entries that do not have the expected shape, and PoracleNG's format (an
 * object of rule name → `{ guild_id, categories, fences: { <fence>: { category_id, channel_id, channel_ids } },
 * last_sync }`), keeping what maps: the guild, each fence's category and channels (the master `channel_id` is
 * template index 0; other channels keep their name with an unknown index). PoracleNG records no template name
 * and no arguments; those stay empty. Anything else is not recognised. Pure.
 */
import { isObject, nonEmptyText, readMembers, text, textList, type JsonObject } from './read-shape.ts';
import { CACHE_VERSION, UNKNOWN_CHANNEL_INDEX, type CachedChannel, type CachedFence, type RuleSyncState, type SyncCacheFile } from './types.ts';

export type SyncCacheParse =
  | { readonly ok: true; readonly file: SyncCacheFile; readonly format: 'lookout' | 'poracleng'; readonly dropped: number }
  | { readonly ok: false; readonly reason: string };

/** Go's zero time, written by PoracleNG for a rule that never finished a sync. */
const GO_ZERO_TIME = /^0001-01-01T/;

function readChannel(value: unknown): CachedChannel | null {
  if (!isObject(value)) return null;
  const channelId = nonEmptyText(value.channelId);
  const index = value.index;
  if (channelId === null || typeof index !== 'number' || !Number.isInteger(index) || index < UNKNOWN_CHANNEL_INDEX) return null;
  const webhookId = nonEmptyText(value.webhookId);
  const webhookUrl = nonEmptyText(value.webhookUrl);
  return { index, name: text(value.name), channelId, ...(webhookId !== null && { webhookId }), ...(webhookUrl !== null && { webhookUrl }) };
}

function readFence(key: string, value: unknown, dropped: { count: number }): CachedFence | null {
  if (!isObject(value) || !Array.isArray(value.channels)) return null;
  const read = value.channels.map(readChannel);
  const channels = read.filter((c): c is CachedChannel => c !== null);
  dropped.count += read.length - channels.length;
  return { fence: key, args: textList(value.args), categoryId: nonEmptyText(value.categoryId), channels, updatedAt: text(value.updatedAt) };
}

function readRule(key: string, value: unknown, dropped: { count: number }): RuleSyncState | null {
  if (!isObject(value) || !isObject(value.fences)) return null;
  const guild = nonEmptyText(value.guild);
  if (guild === null) return null;
  const fences = readMembers(value.fences, (name, member) => readFence(name, member, dropped));
  dropped.count += fences.dropped;
  const lastRun = nonEmptyText(value.lastRun);
  return { rule: key, guild, template: text(value.template), fences: fences.kept, ...(lastRun !== null && { lastRun }) };
}

function parseOwn(value: JsonObject): SyncCacheParse {
  if (value.version !== CACHE_VERSION) return { ok: false, reason: `cache format version ${JSON.stringify(value.version)} is not understood (expected ${CACHE_VERSION})` };
  if (!isObject(value.rules)) return { ok: false, reason: '"rules" is not an object' };
  const dropped = { count: 0 };
  const rules = readMembers(value.rules, (key, member) => readRule(key, member, dropped));
  return { ok: true, file: { version: CACHE_VERSION, rules: rules.kept }, format: 'lookout', dropped: dropped.count + rules.dropped };
}

function legacyChannels(value: JsonObject): CachedChannel[] {
  const master = nonEmptyText(value.channel_id);
  let masterName = '';
  const others: CachedChannel[] = [];
  if (isObject(value.channel_ids)) {
    for (const [name, id] of Object.entries(value.channel_ids)) {
      const channelId = nonEmptyText(id);
      if (channelId === null) continue;
      if (channelId === master) masterName = name;
      else others.push({ index: UNKNOWN_CHANNEL_INDEX, name, channelId });
    }
  }
  return master === null ? others : [{ index: 0, name: masterName, channelId: master }, ...others];
}

function readLegacyRule(key: string, value: unknown, dropped: { count: number }): RuleSyncState | null {
  if (!isObject(value)) return null;
  const lastSync = nonEmptyText(value.last_sync);
  const lastRun = lastSync !== null && !GO_ZERO_TIME.test(lastSync) ? lastSync : null;
  const fences = readMembers(value.fences, (name, member): CachedFence | null => {
    if (!isObject(member)) return null;
    return { fence: name, args: [], categoryId: nonEmptyText(member.category_id), channels: legacyChannels(member), updatedAt: lastRun ?? '' };
  });
  dropped.count += fences.dropped;
  return { rule: key, guild: text(value.guild_id), template: '', fences: fences.kept, ...(lastRun !== null && { lastRun }) };
}

function looksLikePoracleNg(value: JsonObject): boolean {
  const members = Object.values(value);
  return members.every((m) => m === null || (isObject(m) && (isObject(m.fences) || m.fences === null || 'guild_id' in m)));
}

function parseLegacy(value: JsonObject): SyncCacheParse {
  const dropped = { count: 0 };
  const rules = readMembers(value, (key, member) => (member === null ? null : readLegacyRule(key, member, dropped)));
  return { ok: true, file: { version: CACHE_VERSION, rules: rules.kept }, format: 'poracleng', dropped: dropped.count + rules.dropped };
}

export function parseSyncCache(value: unknown): SyncCacheParse {
  if (!isObject(value)) return { ok: false, reason: 'the file does not hold a JSON object' };
  if (Object.keys(value).length === 0) return { ok: true, file: { version: CACHE_VERSION, rules: {} }, format: 'lookout', dropped: 0 }; // PoracleNG's empty cache too
  if ('version' in value || 'rules' in value) return parseOwn(value);
  if (looksLikePoracleNg(value)) return parseLegacy(value);
  return { ok: false, reason: 'the content is neither this service\'s cache format nor PoracleNG\'s' };
}
