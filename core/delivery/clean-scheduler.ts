/**
 * Deletes sent messages when their alert expires (`clean` rules). One timer waits for the earliest pending
 * deletion; the pending list is saved (debounced) so it survives a restart, and deletions that fell due while
 * the service was down run right after start. A failed deletion is logged and counted, never retried.
 */
import type { PlatformPlugin } from '../contract.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { timeExternal } from '../metrics/external-call.ts';
import { callOutcomeOf } from './attempt-result.ts';
import type { CleanStore } from './clean-file.ts';
import { DebouncedSave } from './debounced-save.ts';
import type { PendingDeletion } from './clean-types.ts';
import { loggableTargetId } from './redact.ts';
import { realTimers, type DeliveryTimers, type TimerHandle } from './timers.ts';

export interface CleanSchedulerOptions {
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly store: CleanStore;
  /** the platform plugin by name (the one that sent the messages deletes them) */
  readonly platformNamed: (name: string) => PlatformPlugin | undefined;
  readonly now?: () => number;
  readonly timers?: DeliveryTimers;
  /** how long changes gather before the file is written; default 1 s */
  readonly saveDelayMs?: number;
}

type DeletionOutcome = 'deleted' | 'failed' | 'skipped';

export class CleanScheduler {
  private pending: PendingDeletion[] = [];
  private armed: { readonly at: number; readonly handle: TimerHandle } | null = null;
  private readonly save: DebouncedSave;
  private readonly running = new Set<Promise<void>>();
  private stopped = false;
  private readonly now: () => number;
  private readonly timers: DeliveryTimers;

  constructor(private readonly o: CleanSchedulerOptions) {
    this.now = o.now ?? Date.now;
    this.timers = o.timers ?? realTimers;
    this.save = new DebouncedSave({
      log: o.log,
      timers: this.timers,
      delayMs: o.saveDelayMs ?? 1000,
      write: () => o.store.save([...this.pending]),
      what: 'pending clean-up deletions',
    });
  }

  /** deletions waiting for their time */
  get size(): number {
    return this.pending.length;
  }

  /** adds a deletion; it runs at `deletion.at` (at once when that has passed) */
  schedule(deletion: PendingDeletion): void {
    if (this.stopped) return;
    this.pending.push(deletion);
    this.changed();
    this.runDue();
    this.arm();
  }

  /**
   * A message edited in place now stands for a later alert: its pending deletions (of `platform` for `target`, naming
   * any of `messageIds`) give way to `deletion` — the new alert's, at its expiry — or to none when the new alert's
   * rule does not ask for one.
   */
  reschedule(platform: string, target: PendingDeletion['target'], messageIds: readonly string[], deletion: PendingDeletion | null): void {
    if (this.stopped) return;
    const ids = new Set(messageIds);
    const same = (d: PendingDeletion): boolean => d.platform === platform && d.target.id === target.id && d.target.type === target.type && d.messageIds.some((id) => ids.has(id));
    const kept = this.pending.filter((d) => !same(d));
    if (kept.length === this.pending.length && !deletion) return;
    this.pending = deletion ? [...kept, deletion] : kept;
    this.changed();
    this.runDue();
    this.arm();
  }

  /** loads what the previous run left, runs what is due and waits for the rest */
  async start(): Promise<void> {
    const loaded = await this.o.store.load();
    if (loaded.length > 0) {
      this.pending.push(...loaded);
      this.o.log.info({ deletions: loaded.length }, 'pending clean-up deletions restored');
      this.changed();
    }
    this.runDue();
    this.arm();
  }

  /** stops the timers, lets running deletions finish and writes the pending list now */
  async stop(): Promise<void> {
    this.stopped = true;
    this.armed?.handle.cancel();
    this.armed = null;
    await Promise.all([...this.running]);
    await this.save.stop();
  }

  /** writes the pending list when it changed since the last write (one write at a time) */
  flush(): Promise<void> {
    return this.save.flush();
  }

  private changed(): void {
    this.o.metrics.cleanPending.set(this.pending.length);
    if (!this.stopped) this.save.changed();
  }

  /** one timer, for the earliest pending deletion */
  private arm(): void {
    if (this.stopped) return;
    let earliest = Infinity;
    for (const d of this.pending) if (d.at < earliest) earliest = d.at;
    if (this.armed && this.armed.at === earliest) return;
    this.armed?.handle.cancel();
    this.armed = null;
    if (earliest === Infinity) return;
    const handle = this.timers.setTimeout(() => {
      this.armed = null;
      this.runDue();
      this.arm();
    }, Math.max(0, earliest - this.now()));
    this.armed = { at: earliest, handle };
  }

  private runDue(): void {
    if (this.stopped) return;
    const at = this.now();
    const due = this.pending.filter((d) => d.at <= at);
    if (due.length === 0) return;
    this.pending = this.pending.filter((d) => d.at > at);
    this.changed();
    for (const deletion of due) {
      const run = this.remove(deletion).finally(() => this.running.delete(run));
      this.running.add(run);
    }
  }

  private async remove(deletion: PendingDeletion): Promise<void> {
    const fields = {
      eventId: deletion.eventId,
      platform: deletion.platform,
      target: loggableTargetId(deletion.target.id),
      targetType: deletion.target.type,
      messages: deletion.messageIds.length,
    };
    const platform = this.o.platformNamed(deletion.platform);
    if (!platform?.remove) {
      this.o.log.warn(fields, 'clean-up deletion skipped: no platform able to delete these messages');
      return this.count('skipped');
    }
    try {
      const outcome = await timeExternal(this.o.metrics, platform.name, () => platform.remove!(deletion.target, deletion.messageIds), callOutcomeOf);
      if (outcome.ok) {
        this.o.log.debug(fields, 'expired alert messages deleted');
        return this.count('deleted');
      }
      this.o.log.warn({ ...fields, reason: outcome.reason }, 'clean-up deletion failed; not retried');
    } catch (err) {
      this.o.log.warn({ ...fields, reason: describeError(err) }, 'clean-up deletion failed; not retried');
    }
    this.count('failed');
  }

  private count(outcome: DeletionOutcome): void {
    this.o.metrics.cleanDeletions.inc({ outcome });
  }
}
