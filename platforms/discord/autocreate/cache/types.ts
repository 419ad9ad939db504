/**
 * The shapes of the two auto-create cache files under `config/.cache/`: `autocreate.json` (what each rule's
 * last sync made, per fence) and `autocreate-threads.json` (the private threads and picker messages under each
 * parent channel). Both may be deleted; the next sync rebuilds them from the live guild.
 */

export const CACHE_VERSION = 1;

/** `index` of a channel read from a PoracleNG cache file whose template position is unknown: match it by name. */
export const UNKNOWN_CHANNEL_INDEX = -1;

export interface CachedChannel {
  /** the channel's position in the template's `channels` (UNKNOWN_CHANNEL_INDEX when imported without one) */
  readonly index: number;
  /** the rendered channel name */
  readonly name: string;
  readonly channelId: string;
  readonly webhookId?: string;
  readonly webhookUrl?: string;
}

export interface CachedFence {
  readonly fence: string;
  /** the positional arguments the channels were made with (empty when imported from PoracleNG) */
  readonly args: readonly string[];
  readonly categoryId: string | null;
  readonly channels: readonly CachedChannel[];
  /** ISO time of the last write ('' when unknown) */
  readonly updatedAt: string;
}

export interface RuleSyncState {
  readonly rule: string;
  readonly guild: string;
  /** the template name the fences were made with ('' when imported from PoracleNG) */
  readonly template: string;
  readonly fences: Readonly<Record<string, CachedFence>>;
  /** ISO time of the last completed (not dry) run */
  readonly lastRun?: string;
}

export interface SyncCacheFile {
  readonly version: 1;
  readonly rules: Readonly<Record<string, RuleSyncState>>;
}

export interface CachedThread {
  /** the picker button label, the thread's key under its parent */
  readonly label: string;
  readonly name: string;
  readonly threadId: string;
  /** button style: primary, secondary, success or danger */
  readonly style: string;
}

export interface CachedPicker {
  readonly guild: string;
  readonly threads: readonly CachedThread[];
  /** the picker messages in order; only the first carries the embed */
  readonly pickerMessageIds: readonly string[];
}

export interface ThreadCacheFile {
  readonly version: 1;
  /** keyed by parent channel id */
  readonly parents: Readonly<Record<string, CachedPicker>>;
}

/** The logger a cache load warns through. */
export interface CacheLog {
  warn(fields: Record<string, unknown>, message: string): void;
}
