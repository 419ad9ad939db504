/**
 * Builds the immutable snapshot matching reads: humans, profiles, named locations, every registered tracking
 * table, the "active" view of each table (enabled humans, current profile) and the plugins' rule indexes.
 */
import type { Human, NamedLocation, Profile, Snapshot, TrackingRow } from '../contract.ts';

export interface SnapshotData {
  readonly humans: readonly Human[];
  readonly profiles: readonly Profile[];
  readonly locations: readonly NamedLocation[];
  /** table name → raw rows */
  readonly tables: ReadonlyMap<string, readonly TrackingRow[]>;
}

export interface IndexBuilder {
  readonly plugin: string;
  build(snapshot: Snapshot): unknown;
}

const EMPTY: readonly TrackingRow[] = Object.freeze([]);

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

function activeView(rows: readonly TrackingRow[], humans: ReadonlyMap<string, Human>): readonly TrackingRow[] {
  return Object.freeze(
    rows.filter((row) => {
      const human = humans.get(row.id);
      return human !== undefined && isActive(human) && row.profile_no === human.currentProfileNo;
    }),
  );
}

export function buildSnapshot(data: SnapshotData, version: number, indexers: readonly IndexBuilder[], now: number): Snapshot {
  const humans = new Map(data.humans.map((h) => [h.id, Object.freeze(h)] as const));
  const profiles = new Map([...groupBy(data.profiles, (p) => p.id)].map(([id, list]) => [id, Object.freeze(list.sort((a, b) => a.profileNo - b.profileNo))] as const));
  const locations = new Map(
    [...groupBy(data.locations, (l) => l.humanId)].map(([id, list]) => [id, new Map(list.map((l) => [l.label.toLowerCase(), Object.freeze(l)] as const))] as const),
  );
  const tables = new Map([...data.tables].map(([name, rows]) => [name, Object.freeze(rows.map((r) => Object.freeze(r)))] as const));
  const active = new Map([...tables].map(([name, rows]) => [name, activeView(rows, humans)] as const));
  const indexes = new Map<string, unknown>();

  const snapshot: Snapshot = Object.freeze({
    version,
    builtAt: now,
    humans,
    profiles,
    locations,
    rows: (table: string) => tables.get(table) ?? EMPTY,
    activeRows: (table: string) => active.get(table) ?? EMPTY,
    index: <I>(plugin: string) => indexes.get(plugin) as I,
  });
  for (const indexer of indexers) indexes.set(indexer.plugin, indexer.build(snapshot));
  return snapshot;
}

export function emptySnapshot(): Snapshot {
  return buildSnapshot({ humans: [], profiles: [], locations: [], tables: new Map() }, 0, [], 0);
}
