/**
 * The quest summary, put together: `hold` keeps the matches of summary rules (`clean & 4`) in the buffer instead of
 * sending them; `start` restores the buffer file, registers the metrics and starts the scheduler; the commands and
 * the API read and write the schedules and send digests on demand through it. See README.md ("Summaries").
 */
import type { AlertPluginRuntime, HookContext, Match } from '../../../core/contract.ts';
import { LookoutError } from '../../../core/errors.ts';
import type { QuestEvent } from '../event.ts';
import { SummaryBuffer, rewardKeyOf } from './buffer.ts';
import { BufferFile } from './buffer-file.ts';
import { SummaryDigests, type DigestOutcome, type QuestViews } from './digest.ts';
import { SummaryLimiter } from './limit.ts';
import { summaryMetrics, type SummaryMetrics } from './metrics.ts';
import { SummaryScheduler, zoneOf } from './scheduler.ts';
import { ScheduleStore } from './store.ts';
import type { GameData } from '../../../core/gamedata/index.ts';

/** The clean bit of a summary rule. */
export const SUMMARY_BIT = 4;
/** The alert type of quest schedules in `summary_schedules`. */
export const QUEST_SUMMARY = 'quest';

export interface QuestSummaryOptions {
  readonly rootDir: string;
  readonly views: QuestViews;
  readonly gameData: () => GameData;
  readonly expiresAt: (event: QuestEvent) => number;
  /** [summariser] max_per_message */
  readonly perMessage: number;
  /** [tracking] quest_summary_buffer_ttl_hours in ms (0: no age limit) */
  readonly maxAgeMs: number;
  /** [alert_limits] timing_period, dm_summary_limit, channel_summary_limit */
  readonly limits: { readonly periodMs: number; readonly dmLimit: number; readonly channelLimit: number };
  /** [general] default_timezone, or the server's zone */
  readonly defaultZone: string;
  /** how long after a change the buffer file is written */
  readonly writeDelayMs?: number;
}

interface Running {
  readonly runtime: AlertPluginRuntime;
  readonly metrics: SummaryMetrics;
  readonly file: BufferFile;
  readonly digests: SummaryDigests;
  readonly scheduler: SummaryScheduler;
}

export class QuestSummary {
  readonly buffer = new SummaryBuffer();
  readonly schedules: ScheduleStore;
  private running: Running | null = null;

  constructor(private readonly o: QuestSummaryOptions) {
    this.schedules = new ScheduleStore(() => this.started().runtime.db);
  }

  get defaultZone(): string {
    return this.o.defaultZone;
  }

  /** the hold hook: summary matches are held, the others returned to be sent now */
  hold(event: QuestEvent, matches: readonly Match[], ctx: HookContext): readonly Match[] {
    if (!matches.some((m) => (m.clean & SUMMARY_BIT) !== 0)) return matches;
    const now: Match[] = [];
    const key = rewardKeyOf(event);
    const expiresAt = this.o.expiresAt(event);
    const heldAt = ctx.now();
    let held = 0;
    for (const m of matches) {
      if ((m.clean & SUMMARY_BIT) === 0) {
        now.push(m);
        continue;
      }
      this.buffer.hold(m.human.id, { ...key, event, expiresAt, heldAt, clean: m.clean & ~SUMMARY_BIT });
      held++;
    }
    const running = this.running;
    if (running) {
      running.metrics.held.inc(held);
      running.metrics.buffered.set(this.buffer.size);
      running.file.changed();
    }
    ctx.log.verbose({ held }, 'quest summary: quest held for digests');
    return now;
  }

  async start(runtime: AlertPluginRuntime): Promise<void> {
    const metrics = summaryMetrics(runtime.metrics);
    const file = new BufferFile(this.buffer, { rootDir: this.o.rootDir, log: runtime.log, clock: runtime.clock, debounceMs: this.o.writeDelayMs });
    const { restored, skipped } = await file.load();
    if (skipped > 0) {
      metrics.dropped.inc({ reason: 'unreadable' }, skipped);
      runtime.log.warn({ skipped }, 'quest summary: held quests in the buffer file could not be read; dropped');
    }
    if (restored > 0) runtime.log.info({ restored }, 'quest summary: held quests restored');
    const changed = (): void => file.changed();
    const digests = new SummaryDigests({
      buffer: this.buffer,
      changed,
      limiter: new SummaryLimiter(this.o.limits),
      metrics,
      views: this.o.views,
      gameData: this.o.gameData,
      perMessage: this.o.perMessage,
    });
    const scheduler = new SummaryScheduler({
      clock: runtime.clock,
      log: runtime.log,
      schedules: () => this.schedules.list(QUEST_SUMMARY),
      humans: () => runtime.snapshot().humans,
      defaultZone: this.o.defaultZone,
      send: (humanId) => digests.send(runtime, humanId, 'schedule'),
      sweep: (now) => this.sweep(now),
    });
    this.running = { runtime, metrics, file, digests, scheduler };
    metrics.buffered.set(this.buffer.size);
    scheduler.start();
  }

  async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    await running.scheduler.stop();
    await running.file.flush();
  }

  /** sends the human's digest now (commands, API) */
  sendNow(humanId: string, why: string): Promise<DigestOutcome> {
    const { runtime, digests } = this.started();
    return digests.send(runtime, humanId, why);
  }

  /** the runtime's clock (unix ms) */
  now(): number {
    return this.started().runtime.clock.now();
  }

  /** the IANA zone a human's schedule is read in */
  zoneFor(human: { readonly latitude: number; readonly longitude: number }): string {
    return zoneOf(human, this.o.defaultZone);
  }

  /** drops what ended or is held too long; counted */
  sweep(now: number): void {
    const { expired, stale } = this.buffer.sweep(now, this.o.maxAgeMs);
    const running = this.running;
    if (!running || expired + stale === 0) return;
    if (expired > 0) running.metrics.dropped.inc({ reason: 'expired' }, expired);
    if (stale > 0) running.metrics.dropped.inc({ reason: 'stale' }, stale);
    running.metrics.buffered.set(this.buffer.size);
    running.file.changed();
    running.runtime.log.info({ expired, stale }, 'quest summary: held quests that ended or were held too long dropped');
  }

  private started(): Running {
    if (!this.running) throw new LookoutError('INTERNAL', 'the quest summary is not started yet');
    return this.running;
  }
}
