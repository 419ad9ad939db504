/**
 * Where the sent-message memory (sent-messages.ts) survives a restart: `<rootDir>/.cache/sent-messages.json`, written
 * atomically (temp file + rename) as clean-file.ts writes the pending deletions. A missing file is an empty memory; a
 * damaged file or entry is skipped with a warning.
 */
import { resolve } from 'node:path';
import { readJson, writeAtomic } from '../gamedata/json-file.ts';
import type { Logger } from '../log/logger.ts';
import { readMessageIds, readTarget } from './clean-file.ts';
import type { SentEntry } from './sent-messages.ts';

export const SENT_FILE = '.cache/sent-messages.json';
const FORMAT_VERSION = 1;

export interface SentStore {
  load(): Promise<SentEntry[]>;
  save(entries: readonly SentEntry[]): Promise<void>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One stored entry back, or null when it is not one. */
export function readSentEntry(value: unknown): SentEntry | null {
  if (!isRecord(value)) return null;
  const { key, platform, until } = value;
  const target = readTarget(value.target);
  const messageIds = readMessageIds(value.messageIds);
  if (typeof key !== 'string' || key === '' || typeof platform !== 'string' || typeof until !== 'number' || !Number.isFinite(until)) return null;
  if (!target || !messageIds) return null;
  return { key, target: { id: target.id, type: target.type }, platform, messageIds, until };
}

export function sentFileStore(rootDir: string, log: Logger): SentStore {
  const path = resolve(rootDir, SENT_FILE);
  return {
    async load() {
      const read = await readJson(path);
      if (!read.ok) {
        if (!read.missing) log.warn({ file: path, reason: read.reason }, 'sent-message memory unreadable; starting without it');
        return [];
      }
      const entries = isRecord(read.value) && Array.isArray(read.value.messages) ? read.value.messages : null;
      if (!entries) {
        log.warn({ file: path }, 'sent-message memory file has no messages list; starting without it');
        return [];
      }
      const out = entries.map(readSentEntry).filter((e): e is SentEntry => e !== null);
      if (out.length < entries.length) log.warn({ file: path, skipped: entries.length - out.length }, 'malformed sent-message memory entries skipped');
      return out;
    },
    async save(entries) {
      await writeAtomic(path, `${JSON.stringify({ version: FORMAT_VERSION, messages: entries })}\n`);
    },
  };
}
