/**
 * Wakes at fixed minute marks (schedule.ts WAKE_MINUTES, at most ten minutes apart), reads the quest schedules,
 * and sends the digest of every human whose schedule is due in the human's local time: the zone at the human's
 * location, or [general] default_timezone (the server's zone when empty) for a human without one. A human is
 * sent at most one scheduled digest per due window. Every sixth wake it drops held quests that ended or were held
 * longer than [tracking] quest_summary_buffer_ttl_hours. A wake missed while the service was down is not made up.
 */
import type { PluginClock } from '../../../core/contract.ts';
import { timeZoneAt } from '../../../core/enrich/time-zone.ts';
import { describeError } from '../../../core/errors.ts';
import type { Logger } from '../../../core/log/logger.ts';
import type { Human } from '../../../core/model.ts';
import { DUE_WINDOW_MINUTES, localMoment, nextWake, parseActiveHours, scheduleDue } from './schedule.ts';
import type { ScheduleRow } from './store.ts';

export const SWEEP_EVERY_WAKES = 6;

export interface SchedulerDeps {
  readonly clock: PluginClock;
  readonly log: Logger;
  /** the quest schedules (read at every wake, so changes made anywhere count at once) */
  readonly schedules: () => Promise<readonly ScheduleRow[]>;
  readonly humans: () => ReadonlyMap<string, Human>;
  /** the zone of a human without a location */
  readonly defaultZone: string;
  /** sends the human's digest */
  readonly send: (humanId: string) => Promise<unknown>;
  /** the periodic clean-up of the held quests */
  readonly sweep: (now: number) => void;
}

/** The IANA zone a human's schedule is read in. */
export function zoneOf(human: Pick<Human, 'latitude' | 'longitude'>, defaultZone: string): string {
  return human.latitude === 0 && human.longitude === 0 ? defaultZone : timeZoneAt(human.latitude, human.longitude);
}

export class SummaryScheduler {
  private cancel: (() => void) | null = null;
  private wakes = 0;
  private stopped = false;
  private running: Promise<void> = Promise.resolve();
  /** when each human was last sent a scheduled digest */
  private readonly lastSent = new Map<string, number>();
  /** schedules already reported unreadable (logged once per text) */
  private readonly reported = new Set<string>();

  constructor(private readonly d: SchedulerDeps) {}

  start(): void {
    this.stopped = false;
    this.arm();
  }

  /** stops waking; waits for a wake under way */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancel?.();
    this.cancel = null;
    await this.running;
  }

  /** one wake-up: sends every due digest (also called by tests) */
  async wake(): Promise<void> {
    const now = this.d.clock.now();
    let rows: readonly ScheduleRow[] = [];
    try {
      rows = await this.d.schedules();
    } catch (err) {
      this.d.log.warn({ err: describeError(err) }, 'quest summary: schedules could not be read; no digest this time');
    }
    const humans = this.d.humans();
    for (const row of rows) {
      const human = humans.get(row.id);
      if (!human || !this.due(row, human, now)) continue;
      const last = this.lastSent.get(row.id);
      if (last !== undefined && now - last < DUE_WINDOW_MINUTES * 60_000) continue;
      this.lastSent.set(row.id, now);
      try {
        await this.d.send(row.id);
      } catch (err) {
        this.d.log.warn({ err: describeError(err) }, 'quest summary: a digest failed');
      }
    }
    for (const [id, at] of this.lastSent) if (now - at >= DUE_WINDOW_MINUTES * 60_000) this.lastSent.delete(id);
    if (++this.wakes % SWEEP_EVERY_WAKES === 0) this.d.sweep(now);
  }

  private due(row: ScheduleRow, human: Human, now: number): boolean {
    try {
      return scheduleDue(parseActiveHours(row.activeHours), localMoment(now, zoneOf(human, this.d.defaultZone)));
    } catch (err) {
      const key = `${row.id}\u0000${row.activeHours}`;
      if (!this.reported.has(key)) {
        this.reported.add(key);
        this.d.log.warn({ err: describeError(err) }, 'quest summary: a schedule cannot be read; it never fires until it is set again');
      }
      return false;
    }
  }

  private arm(): void {
    if (this.stopped) return;
    const now = this.d.clock.now();
    this.cancel = this.d.clock.after(nextWake(now) - now, () => {
      this.cancel = null;
      this.running = this.wake().finally(() => this.arm());
      return this.running;
    });
  }
}
