/**
 * The `schema_migrations` table, kept exactly as golang-migrate keeps it: `version bigint NOT NULL PRIMARY KEY,
 * dirty boolean NOT NULL`, one row holding the current version; dirty = a migration to that version started
 * and did not finish.
 */
import type { Knex } from 'knex';
import { VERSION_TABLE } from './tables.ts';

export interface SchemaVersion {
  readonly version: number;
  readonly dirty: boolean;
}

export function hasVersionTable(knex: Knex): Promise<boolean> {
  return knex.schema.hasTable(VERSION_TABLE);
}

/** Creates the table when missing (no row: no version yet). */
export async function ensureVersionTable(knex: Knex): Promise<void> {
  if (await hasVersionTable(knex)) return;
  await knex.schema.createTable(VERSION_TABLE, (t) => {
    t.bigInteger('version').notNullable().primary();
    t.boolean('dirty').notNullable();
  });
}

/** The recorded version, or null when none is recorded. */
export async function readVersion(knex: Knex): Promise<SchemaVersion | null> {
  const row = (await knex(VERSION_TABLE).select('version', 'dirty').orderBy('version', 'desc').first()) as
    | { version: number | string | bigint; dirty: number | boolean | string }
    | undefined;
  if (!row) return null;
  return { version: Number(row.version), dirty: Number(row.dirty) === 1 || row.dirty === true };
}

/** Replaces the recorded row (one row, as golang-migrate does). */
export async function writeVersion(knex: Knex, version: number, dirty: boolean): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx(VERSION_TABLE).delete();
    await trx(VERSION_TABLE).insert({ version, dirty });
  });
}
