/**
 * The held quests on disk, `<rootDir>/.cache/quest-summary-buffer.json`, so a restart keeps them: written atomically
 * (temp file + rename) shortly after each change (changes in between join that write) and at the stop, read at
 * the start. A crash loses at most the changes of the last `debounceMs`. An entry that cannot be read back is
 * skipped and counted by the caller.
 */
import { resolve } from 'node:path';
import { readJson, writeAtomic } from '../../../core/gamedata/json-file.ts';
import { describeError } from '../../../core/errors.ts';
import type { Logger } from '../../../core/log/logger.ts';
import type { PluginClock } from '../../../core/contract.ts';
import type { QuestEvent } from '../event.ts';
import type { HeldQuest, SummaryBuffer } from './buffer.ts';

export const SUMMARY_BUFFER_FILE = '.cache/quest-summary-buffer.json';
const FORMAT_VERSION = 1;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** One stored entry back, or null when it is not one. */
export function readHeldQuest(value: unknown): HeldQuest | null {
  if (!isRecord(value) || !isRecord(value.event)) return null;
  const { rewardType, reward, form, expiresAt, heldAt, clean } = value;
  if (![rewardType, reward, form, expiresAt, heldAt, clean].every(isInt)) return null;
  const e = value.event;
  if (typeof e.pokestopId !== 'string' || typeof e.latitude !== 'number' || typeof e.longitude !== 'number' || !Array.isArray(e.rewards) || typeof e.withAr !== 'boolean') return null;
  return { rewardType, reward, form, expiresAt, heldAt, clean, event: e as unknown as QuestEvent } as HeldQuest;
}

export interface BufferFileOptions {
  readonly rootDir: string;
  readonly log: Logger;
  readonly clock: PluginClock;
  readonly debounceMs?: number;
}

export class BufferFile {
  private readonly path: string;
  private cancel: (() => void) | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly buffer: SummaryBuffer,
    private readonly options: BufferFileOptions,
  ) {
    this.path = resolve(options.rootDir, SUMMARY_BUFFER_FILE);
  }

  /** fills the buffer from the file; how many entries were restored and skipped (a missing file: none) */
  async load(): Promise<{ restored: number; skipped: number }> {
    const read = await readJson(this.path);
    if (!read.ok) {
      if (!read.missing) this.options.log.warn({ file: this.path, reason: read.reason }, 'quest summary buffer unreadable; held quests lost');
      return { restored: 0, skipped: 0 };
    }
    const humans = isRecord(read.value) && isRecord(read.value.humans) ? read.value.humans : null;
    if (!humans) return { restored: 0, skipped: 0 };
    let restored = 0;
    let skipped = 0;
    for (const [humanId, list] of Object.entries(humans)) {
      for (const value of Array.isArray(list) ? list : []) {
        const quest = readHeldQuest(value);
        if (quest) {
          this.buffer.hold(humanId, quest);
          restored++;
        } else skipped++;
      }
    }
    return { restored, skipped };
  }

  /** writes soon (one write for the changes of the next `debounceMs`) */
  changed(): void {
    if (this.cancel) return;
    this.cancel = this.options.clock.after(this.options.debounceMs ?? 1000, () => {
      this.cancel = null;
      this.writing = this.writing.then(() => this.write());
    });
  }

  /** writes now what is pending and waits for it */
  async flush(): Promise<void> {
    if (this.cancel) {
      this.cancel();
      this.cancel = null;
      this.writing = this.writing.then(() => this.write());
    }
    await this.writing;
  }

  private async write(): Promise<void> {
    const humans = Object.fromEntries(this.buffer.entries());
    try {
      await writeAtomic(this.path, `${JSON.stringify({ version: FORMAT_VERSION, humans })}\n`);
    } catch (err) {
      this.options.log.warn({ file: this.path, err: describeError(err) }, 'quest summary buffer not saved');
    }
  }
}
