/**
 * Before/after snapshots of a whole adopted database, for the "no existing byte changed" assertions.
 */
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { snapshotTable, tableNames, type TableSnapshot } from './mysql-inspect.ts';

export type DatabaseSnapshot = ReadonlyMap<string, TableSnapshot>;

export async function snapshotDatabase(knex: Knex): Promise<DatabaseSnapshot> {
  const out = new Map<string, TableSnapshot>();
  for (const table of await tableNames(knex)) out.set(table, await snapshotTable(knex, table));
  return out;
}

/** Every table and column of `before` reads back identically (columns added since are ignored). */
export async function assertUnchanged(knex: Knex, before: DatabaseSnapshot): Promise<void> {
  for (const [table, snap] of before) {
    const now = await snapshotTable(knex, table, snap.columns);
    assert.ok(snap.rows.length > 0, `${table} was seeded`);
    assert.deepEqual(now.rows, snap.rows, `${table} rows changed`);
  }
}
