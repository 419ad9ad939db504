/**
 * The last known state of every gym, kept in memory and persisted to `<rootDir>/.cache/gym-state.json` so a
 * restart does not mistake the first update of each gym for a team change. Writes are atomic (temp file +
 * rename) and debounced: many updates within `debounceMs` cost one write.
 */
import { resolve } from 'node:path';
import { readJson, writeAtomic } from '../../core/gamedata/json-file.ts';
import { describeError } from '../../core/errors.ts';
import type { Logger } from '../../core/log/logger.ts';
import type { GymState } from './event.ts';

export const GYM_STATE_FILE = '.cache/gym-state.json';
const FORMAT_VERSION = 1;

export interface GymStateStoreOptions {
  readonly rootDir: string;
  readonly log: Logger;
  /** how long after a change the file is written (further changes in between join that write) */
  readonly debounceMs?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One stored entry back as a GymState, or null when it is not one. */
export function readGymState(value: unknown): GymState | null {
  if (!isRecord(value)) return null;
  const { team, slotsAvailable, inBattle } = value;
  if (typeof team !== 'number' || !Number.isInteger(team) || team < 0 || team > 3) return null;
  if (typeof slotsAvailable !== 'number' || !Number.isInteger(slotsAvailable)) return null;
  if (typeof inBattle !== 'boolean') return null;
  return { team, slotsAvailable, inBattle };
}

export class GymStateStore {
  private readonly states = new Map<string, GymState>();
  private readonly path: string;
  private readonly debounceMs: number;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly options: GymStateStoreOptions) {
    this.path = resolve(options.rootDir, GYM_STATE_FILE);
    this.debounceMs = options.debounceMs ?? 5000;
  }

  get size(): number {
    return this.states.size;
  }

  get(gymId: string): GymState | undefined {
    return this.states.get(gymId);
  }

  /** Remembers a gym's state; schedules a write when it differs from what was known. */
  set(gymId: string, state: GymState): void {
    const known = this.states.get(gymId);
    if (known && known.team === state.team && known.slotsAvailable === state.slotsAvailable && known.inBattle === state.inBattle) return;
    this.states.set(gymId, state);
    this.schedule();
  }

  /** Reads the file; a missing file is an empty state, a damaged one is logged and ignored. */
  async load(): Promise<void> {
    const read = await readJson(this.path);
    if (!read.ok) {
      if (!read.missing) this.options.log.warn({ file: this.path, reason: read.reason }, 'gym state unreadable; starting without it');
      return;
    }
    const gyms = isRecord(read.value) && isRecord(read.value.gyms) ? read.value.gyms : null;
    if (!gyms) {
      this.options.log.warn({ file: this.path }, 'gym state file has no gyms; starting without it');
      return;
    }
    let skipped = 0;
    for (const [gymId, value] of Object.entries(gyms)) {
      const state = readGymState(value);
      if (state) this.states.set(gymId, state);
      else skipped++;
    }
    if (skipped > 0) this.options.log.warn({ file: this.path, skipped }, 'malformed gym state entries skipped');
  }

  /** Writes now what is pending (waits for a write already under way). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.writing = this.writing.then(() => this.write());
    }
    await this.writing;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writing = this.writing.then(() => this.write());
    }, this.debounceMs);
    this.timer.unref();
  }

  private async write(): Promise<void> {
    const gyms = Object.fromEntries(this.states);
    try {
      await writeAtomic(this.path, `${JSON.stringify({ version: FORMAT_VERSION, gyms })}\n`);
    } catch (err) {
      this.options.log.warn({ file: this.path, err: describeError(err) }, 'gym state not saved');
    }
  }
}
