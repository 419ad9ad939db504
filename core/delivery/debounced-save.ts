/**
 * A list kept in memory and written to its file some time after it changed (changes gathering meanwhile), one write
 * at a time, and once more on stop. A failed write is logged and tried again with the next change or flush. The
 * clean-up deletions (clean-scheduler.ts) and the sent-message memory (sent-messages.ts) both keep their file this way.
 */
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { DeliveryTimers, TimerHandle } from './timers.ts';

export interface DebouncedSaveOptions {
  readonly log: Logger;
  readonly timers: DeliveryTimers;
  /** how long changes gather before the file is written */
  readonly delayMs: number;
  /** writes the current content (the owner's snapshot of its list) */
  readonly write: () => Promise<void>;
  /** what the error line says could not be saved, e.g. `pending clean-up deletions` */
  readonly what: string;
}

export class DebouncedSave {
  private timer: TimerHandle | null = null;
  private dirty = false;
  private stopped = false;
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly o: DebouncedSaveOptions) {}

  /** the content changed: written after the delay (no new timer while one waits) */
  changed(): void {
    this.dirty = true;
    if (this.timer || this.stopped) return;
    this.timer = this.o.timers.setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.o.delayMs);
  }

  /** writes now when something changed since the last write (one write at a time) */
  flush(): Promise<void> {
    this.saving = this.saving.then(() => this.write());
    return this.saving;
  }

  /** no more timed writes; the last change is written now */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
    await this.flush();
  }

  private async write(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    try {
      await this.o.write();
    } catch (err) {
      this.dirty = true;
      this.o.log.error({ err: describeError(err) }, `${this.o.what} could not be saved`);
    }
  }
}
