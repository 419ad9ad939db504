/**
 * Builds the immutable snapshot matching reads: humans, profiles, named locations, the active rules of every
 * registered tracking table (rows of enabled humans for their current profile, each turned into the plugin's
 * typed rule by the table's `read`) and the plugins' rule indexes. Raw rows are never kept as objects: a source
 * hands them over page by page and only the active ones stay, packed (packed-rows.ts). A table without an index
 * is read into its rules at once; an indexed table's plugin reads them itself while building its index
 * (Snapshot.pendingRules), in the order it keeps them. An index may be built in steps
 * (core/match/index-steps.ts): at once for a snapshot built from data in hand, in slices for the state manager.
 */
import type { Human, NamedLocation, PendingRules, Profile, Snapshot, TrackingRow } from '../model.ts';
import { LookoutError } from '../errors.ts';
import { finishIndexNow, finishIndexYielding } from '../match/index-steps.ts';
import { activeRowList, NO_ROWS, type ActiveRows } from './active-rows.ts';

/** The people part of a snapshot's data. */
export interface People {
  readonly humans: readonly Human[];
  readonly profiles: readonly Profile[];
  readonly locations: readonly NamedLocation[];
}

/** Everything at once (small sources and tests). */
export interface SnapshotData extends People {
  /** table name → raw rows */
  readonly tables: ReadonlyMap<string, readonly TrackingRow[]>;
}

export interface IndexBuilder {
  readonly plugin: string;
  /** the index, or an IndexInSteps building it */
  build(snapshot: Snapshot): unknown;
}

/** Turns one row of a tracking table into the plugin's typed rule (TrackingTableSpec.read). */
export type RowReader = (row: TrackingRow) => unknown;

const EMPTY: readonly unknown[] = Object.freeze([]);

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export function humansById(humans: readonly Human[]): Map<string, Human> {
  return new Map(humans.map((h) => [h.id, Object.freeze(h)] as const));
}

/** The rules of one table: its active rows, read into rules all at once (`all`) or one by one (`pending`). */
export class TableRules {
  private rows: ActiveRows | null;
  private read: RowReader;
  private list: readonly unknown[] | null = null;

  constructor(
    private readonly table: string,
    rows: ActiveRows,
    read: RowReader | undefined,
  ) {
    this.rows = rows;
    this.read = read ?? ((row) => Object.freeze(row));
  }

  /** A table's rules read at once, the rows let go. */
  static readNow(table: string, rows: ActiveRows, read: RowReader | undefined): TableRules {
    const rules = new TableRules(table, rows, read);
    rules.all();
    rules.rows = null;
    return rules;
  }

  /** every rule in row order, read on the first call */
  all(): readonly unknown[] {
    if (this.list === null) {
      const rows = this.heldRows();
      const list: unknown[] = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) list[i] = this.read(rows.row(i));
      this.list = Object.freeze(list);
    }
    return this.list;
  }

  pending(): PendingRules<unknown> {
    const rows = this.heldRows();
    return { length: rows.length, read: (i) => this.read(rows.row(i)), column: (name) => rows.column(name) };
  }

  private heldRows(): ActiveRows {
    if (this.rows === null) throw new LookoutError('INTERNAL', `the rows of ${this.table} were read when it loaded: only an indexed table's rules are pending`, { table: this.table });
    return this.rows;
  }
}

/** what pendingRules gives for a table without rules */
const NONE_PENDING = new TableRules('', NO_ROWS, undefined);

/** A snapshot before its indexes: the indexers run last, over it, and then it lets go of the indexed lists. */
interface UnindexedSnapshot {
  readonly snapshot: Snapshot;
  readonly indexes: Map<string, unknown>;
  release(): void;
}

function unindexedSnapshot(
  people: People,
  humans: ReadonlyMap<string, Human>,
  active: ReadonlyMap<string, TableRules>,
  version: number,
  now: number,
  releasedAfterIndexing: ReadonlySet<string>,
): UnindexedSnapshot {
  const profiles = new Map([...groupBy(people.profiles, (p) => p.id)].map(([id, list]) => [id, Object.freeze(list.sort((a, b) => a.profileNo - b.profileNo))] as const));
  const locations = new Map(
    [...groupBy(people.locations, (l) => l.humanId)].map(([id, list]) => [id, new Map(list.map((l) => [l.label.toLowerCase(), Object.freeze(l)] as const))] as const),
  );
  const indexes = new Map<string, unknown>();
  const tables = new Map(active);
  const snapshot: Snapshot = Object.freeze({
    version,
    builtAt: now,
    humans,
    profiles,
    locations,
    activeRules: <R>(table: string) => (tables.get(table)?.all() ?? EMPTY) as readonly R[],
    pendingRules: <R>(table: string) => (tables.get(table) ?? NONE_PENDING).pending() as PendingRules<R>,
    index: <I>(plugin: string) => indexes.get(plugin) as I,
  });
  return { snapshot, indexes, release: () => releasedAfterIndexing.forEach((table) => tables.delete(table)) };
}

/** The snapshot from its parts, indexes built in steps (core/match/index-steps.ts) with the event loop turning between slices. */
export async function assembleSnapshotYielding(
  people: People,
  humans: ReadonlyMap<string, Human>,
  active: ReadonlyMap<string, TableRules>,
  version: number,
  indexers: readonly IndexBuilder[],
  now: number,
  releasedAfterIndexing: ReadonlySet<string>,
): Promise<Snapshot> {
  const built = unindexedSnapshot(people, humans, active, version, now, releasedAfterIndexing);
  for (const indexer of indexers) built.indexes.set(indexer.plugin, await finishIndexYielding(indexer.build(built.snapshot)));
  built.release();
  return built.snapshot;
}

/** A snapshot from data held all at once (tests, small sources); every index is built at once. */
export function buildSnapshot(data: SnapshotData, version: number, indexers: readonly IndexBuilder[], now: number, readers: ReadonlyMap<string, RowReader> = new Map()): Snapshot {
  const humans = humansById(data.humans);
  const active = new Map<string, TableRules>();
  for (const [table, rows] of data.tables) active.set(table, new TableRules(table, activeRowList(rows, humans), readers.get(table)));
  const built = unindexedSnapshot(data, humans, active, version, now, new Set());
  for (const indexer of indexers) built.indexes.set(indexer.plugin, finishIndexNow(indexer.build(built.snapshot)));
  return built.snapshot;
}

export function emptySnapshot(): Snapshot {
  return buildSnapshot({ humans: [], profiles: [], locations: [], tables: new Map() }, 0, [], 0);
}
