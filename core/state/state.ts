/**
 * Holds the current snapshot and rebuilds it: at start, every [tuning] reload_interval_secs, and (debounced)
 * after any mutation. A rebuild never blocks matching: the new snapshot is swapped in when complete; a failed
 * rebuild keeps the previous one and logs why.
 */
import type { Snapshot } from '../contract.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { buildSnapshot, emptySnapshot, type IndexBuilder, type SnapshotData } from './snapshot.ts';

/** Where snapshot data comes from (the database in production). */
export interface StateSource {
  load(tables: readonly string[]): Promise<SnapshotData>;
}

export interface StateOptions {
  readonly source: StateSource;
  readonly tables: readonly string[];
  readonly indexers: readonly IndexBuilder[];
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly reloadIntervalMs: number;
  readonly debounceMs?: number;
}

export class StateManager {
  private snapshot: Snapshot = emptySnapshot();
  private version = 0;
  private running: Promise<boolean> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private debounce: NodeJS.Timeout | null = null;

  constructor(private readonly options: StateOptions) {}

  get current(): Snapshot {
    return this.snapshot;
  }

  /** Loads the first snapshot (a failure here stops the start) and starts the periodic reload. */
  async start(): Promise<void> {
    this.snapshot = await this.build();
    if (this.options.reloadIntervalMs > 0) {
      this.timer = setInterval(() => void this.reload(), this.options.reloadIntervalMs);
      this.timer.unref();
    }
  }

  /** Rebuilds now. Concurrent calls share the running rebuild and schedule one more after it. */
  reload(): Promise<boolean> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.runReload().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.reload();
      }
    });
    return this.running;
  }

  /** Schedules a rebuild after a quiet period; used after every mutation. */
  requestReload(): void {
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.reload();
    }, this.options.debounceMs ?? 500);
    this.debounce.unref();
  }

  /** Resolves once no rebuild is running or scheduled. */
  async settled(): Promise<void> {
    while (this.running || this.debounce || this.again) {
      if (this.running) await this.running;
      else await new Promise((r) => setTimeout(r, 20));
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.debounce) clearTimeout(this.debounce);
    this.timer = null;
    this.debounce = null;
  }

  private async runReload(): Promise<boolean> {
    try {
      this.snapshot = await this.build();
      return true;
    } catch (err) {
      this.options.metrics.stateReloads.inc({ outcome: 'failed' });
      this.options.log.warn({ err: describeError(err), keptVersion: this.snapshot.version }, 'state reload failed; keeping the previous snapshot');
      return false;
    }
  }

  private async build(): Promise<Snapshot> {
    const started = performance.now();
    const data = await this.options.source.load(this.options.tables);
    const snapshot = buildSnapshot(data, ++this.version, this.options.indexers, Date.now());
    const seconds = (performance.now() - started) / 1000;
    this.options.metrics.stateReloads.inc({ outcome: 'ok' });
    this.options.metrics.stateReloadSeconds.observe(seconds);
    this.options.log.debug({ version: snapshot.version, humans: snapshot.humans.size, ms: Math.round(seconds * 1000) }, 'state snapshot built');
    return snapshot;
  }
}
