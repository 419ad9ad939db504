/**
 * Builds the immutable snapshot matching reads: humans, profiles, named locations, the active rules of every
 * registered tracking table (rows of enabled humans for their current profile, each turned into the plugin's
 * typed rule by the table's `read`) and the plugins' rule indexes. Raw rows are never kept: a source hands
 * them over page by page, and only the active ones survive, already converted. An index may be built in steps
 * (core/match/index-steps.ts): at once for a snapshot built from data in hand, in slices for the state manager.
 */
import type { Human, NamedLocation, Profile, Snapshot, TrackingRow } from '../contract.ts';
import { finishIndexNow, finishIndexYielding } from '../match/index-steps.ts';

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

export function isActive(human: Human): boolean {
  return human.enabled && !human.adminDisable;
}

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

/** Collects the active rules of one table from pages of rows; a page is not kept. */
export class ActiveRules {
  private readonly kept: unknown[] = [];

  constructor(
    private readonly humans: ReadonlyMap<string, Human>,
    private readonly read: RowReader | undefined,
  ) {}

  add(rows: readonly TrackingRow[]): void {
    for (const row of rows) {
      const human = this.humans.get(row.id);
      if (human === undefined || !isActive(human) || row.profile_no !== human.currentProfileNo) continue;
      this.kept.push(this.read ? this.read(row) : Object.freeze(row));
    }
  }

  rules(): readonly unknown[] {
    return Object.freeze(this.kept);
  }
}

/** A snapshot before its indexes: the indexers run last, over it, and then it lets go of the indexed lists. */
interface UnindexedSnapshot {
  readonly snapshot: Snapshot;
  readonly indexes: Map<string, unknown>;
  release(): void;
}

function unindexedSnapshot(
  people: People,
  humans: ReadonlyMap<string, Human>,
  active: ReadonlyMap<string, readonly unknown[]>,
  version: number,
  now: number,
  releasedAfterIndexing: ReadonlySet<string>,
): UnindexedSnapshot {
  const profiles = new Map([...groupBy(people.profiles, (p) => p.id)].map(([id, list]) => [id, Object.freeze(list.sort((a, b) => a.profileNo - b.profileNo))] as const));
  const locations = new Map(
    [...groupBy(people.locations, (l) => l.humanId)].map(([id, list]) => [id, new Map(list.map((l) => [l.label.toLowerCase(), Object.freeze(l)] as const))] as const),
  );
  const indexes = new Map<string, unknown>();
  const lists = new Map(active);
  const snapshot: Snapshot = Object.freeze({
    version,
    builtAt: now,
    humans,
    profiles,
    locations,
    activeRules: <R>(table: string) => (lists.get(table) ?? EMPTY) as readonly R[],
    index: <I>(plugin: string) => indexes.get(plugin) as I,
  });
  return { snapshot, indexes, release: () => releasedAfterIndexing.forEach((table) => lists.delete(table)) };
}

/** The snapshot from its parts, indexes built in steps (core/match/index-steps.ts) with the event loop turning between slices. */
export async function assembleSnapshotYielding(
  people: People,
  humans: ReadonlyMap<string, Human>,
  active: ReadonlyMap<string, readonly unknown[]>,
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
  const active = new Map<string, readonly unknown[]>();
  for (const [table, rows] of data.tables) {
    const rules = new ActiveRules(humans, readers.get(table));
    rules.add(rows);
    active.set(table, rules.rules());
  }
  const built = unindexedSnapshot(data, humans, active, version, now, new Set());
  for (const indexer of indexers) built.indexes.set(indexer.plugin, finishIndexNow(indexer.build(built.snapshot)));
  return built.snapshot;
}

export function emptySnapshot(): Snapshot {
  return buildSnapshot({ humans: [], profiles: [], locations: [], tables: new Map() }, 0, [], 0);
}
