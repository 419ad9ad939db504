/**
 * Where pending `clean` deletions survive a restart: `<rootDir>/.cache/clean-pending.json`, written atomically
 * (temp file + rename). A missing file is an empty list; a damaged file or entry is skipped with a warning.
 */
import { resolve } from 'node:path';
import { readJson, writeAtomic } from '../gamedata/json-file.ts';
import type { Logger } from '../log/logger.ts';
import type { PendingDeletion } from './clean-types.ts';

export const CLEAN_FILE = '.cache/clean-pending.json';
const FORMAT_VERSION = 1;

export interface CleanStore {
  load(): Promise<PendingDeletion[]>;
  save(deletions: readonly PendingDeletion[]): Promise<void>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One stored entry back as a PendingDeletion, or null when it is not one. */
export function readDeletion(value: unknown): PendingDeletion | null {
  if (!isRecord(value)) return null;
  const { platform, at, eventId, target } = value;
  const messageIds = readMessageIds(value.messageIds);
  if (typeof platform !== 'string' || typeof at !== 'number' || !Number.isFinite(at) || !messageIds) return null;
  const read = readTarget(target);
  if (!read) return null;
  return { platform, at, eventId: typeof eventId === 'string' ? eventId : '', messageIds, target: read };
}

/** A stored delivery target back (id and type required; name and language defaulted), or null. */
export function readTarget(value: unknown): PendingDeletion['target'] | null {
  if (!isRecord(value)) return null;
  const { id, type, name, language } = value;
  if (typeof id !== 'string' || typeof type !== 'string') return null;
  return { id, type, name: typeof name === 'string' ? name : '', language: typeof language === 'string' ? language : null };
}

/** A list of message ids as stored (non-empty, strings only), or null. */
export function readMessageIds(value: unknown): string[] | null {
  return Array.isArray(value) && value.length > 0 && value.every((id) => typeof id === 'string') ? (value as string[]) : null;
}

export function cleanFileStore(rootDir: string, log: Logger): CleanStore {
  const path = resolve(rootDir, CLEAN_FILE);
  return {
    async load() {
      const read = await readJson(path);
      if (!read.ok) {
        if (!read.missing) log.warn({ file: path, reason: read.reason }, 'pending clean-up deletions unreadable; starting without them');
        return [];
      }
      const entries = isRecord(read.value) && Array.isArray(read.value.deletions) ? read.value.deletions : null;
      if (!entries) {
        log.warn({ file: path }, 'pending clean-up deletions file has no deletions list; starting without them');
        return [];
      }
      const deletions = entries.map(readDeletion).filter((d): d is PendingDeletion => d !== null);
      if (deletions.length < entries.length) log.warn({ file: path, skipped: entries.length - deletions.length }, 'malformed pending clean-up deletions skipped');
      return deletions;
    },
    async save(deletions) {
      await writeAtomic(path, `${JSON.stringify({ version: FORMAT_VERSION, deletions })}\n`);
    },
  };
}
