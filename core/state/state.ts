/**
 * Holds the current snapshot and rebuilds it: at start, every [tuning] reload_interval_secs, and (debounced)
 * after any mutation. A rebuild never blocks matching: the new snapshot is swapped in when complete; a failed
 * rebuild keeps the previous one and logs why.
 */
import type { Snapshot } from '../model.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { ValuePage } from '../db/read-table.ts';
import { ActiveRowCollector } from './collect-rows.ts';
import { recordReload } from './reload-metrics.ts';
import { assembleSnapshotYielding, emptySnapshot, humansById, TableRules, type IndexBuilder, type People, type RowReader } from './snapshot.ts';

/** Where snapshot data comes from (the database in production). */
export interface StateSource {
  /** humans, profiles and named locations */
  loadPeople(): Promise<People>;
  /** every row of a tracking table in uid order, handed over page by page as value arrays; a page is not used after the call */
  readRows(table: string, onPage: (page: ValuePage) => void): Promise<void>;
}

/** A tracking table to load, with the plugin's row reader when it has one. */
export interface StateTable {
  readonly table: string;
  readonly read?: RowReader;
  /**
   * the owning plugin builds an index from it: the rows stay packed until the index reads them
   * (Snapshot.pendingRules), and the snapshot lets go of them once indexes are built
   */
  readonly indexed?: boolean;
}

export interface StateOptions {
  readonly source: StateSource;
  readonly tables: readonly StateTable[];
  readonly indexers: readonly IndexBuilder[];
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly reloadIntervalMs: number;
  readonly debounceMs?: number;
  /** a human type as lookout_humans labels it (bounded: the types platforms serve); none: as it is */
  readonly humanTypeLabel?: (type: string) => string;
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

  /**
   * Reads people first, then each table page by page, keeping only active rows (read into rules at once for a
   * table without an index), then builds the indexes (those built in steps in slices); the event loop runs
   * between pages and slices, so matching goes on while a large state loads.
   */
  private async build(): Promise<Snapshot> {
    const started = performance.now();
    const { source } = this.options;
    const people = await source.loadPeople();
    const humans = humansById(people.humans);
    const active = new Map<string, TableRules>();
    const ruleCounts = new Map<string, number>();
    for (const { table, read, indexed } of this.options.tables) {
      const collector = new ActiveRowCollector(humans);
      await source.readRows(table, (page) => collector.add(page));
      const rows = collector.rows();
      ruleCounts.set(table, rows.length);
      active.set(table, indexed ? new TableRules(table, rows, read) : TableRules.readNow(table, rows, read));
    }
    const indexed = new Set(this.options.tables.filter((t) => t.indexed).map((t) => t.table));
    const snapshot = await assembleSnapshotYielding(people, humans, active, ++this.version, this.options.indexers, Date.now(), indexed);
    const seconds = (performance.now() - started) / 1000;
    this.options.metrics.stateReloads.inc({ outcome: 'ok' });
    this.options.metrics.stateReloadSeconds.observe(seconds);
    recordReload(this.options.metrics, { humans: humans.values(), rules: ruleCounts, seconds, finishedAt: Date.now(), ...(this.options.humanTypeLabel ? { typeLabel: this.options.humanTypeLabel } : {}) });
    this.options.log.debug({ version: snapshot.version, humans: snapshot.humans.size, ms: Math.round(seconds * 1000) }, 'state snapshot built');
    return snapshot;
  }
}
