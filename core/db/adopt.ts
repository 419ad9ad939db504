/**
 * Adoption of a database the previous generation created (its foreign keys go in a start-up repair, ../repairs).
 *
 * - `schema_migrations` present → already ours (or PoracleNG's): nothing to adopt.
 * - `humans` present without it → a PoracleJS (knex) database: record version 1 as applied, as PoracleNG does;
 *   its knex `migrations` / `migrations_lock` tables stay untouched.
 * - neither → an empty database; the migrations create everything.
 */
import type { Knex } from 'knex';
import { LookoutError } from '../errors.ts';
import type { Dialect } from './connect.ts';
import type { DbLog } from './log.ts';
import { createInitialTables } from './migrations/001-initial-schema.ts';
import { ensureVersionTable, hasVersionTable, writeVersion } from './schema-version.ts';

export type Adoption = 'managed' | 'adopted' | 'empty';

/** PoracleJS on SQLite never created `uid` columns; nothing downstream can work without them. */
async function assertHasUids(knex: Knex): Promise<void> {
  for (const table of ['profiles', 'monsters']) {
    if ((await knex.schema.hasTable(table)) && !(await knex.schema.hasColumn(table, 'uid'))) {
      throw new LookoutError(
        'DB_MIGRATION_FAILED',
        `cannot adopt this database: table "${table}" has no uid column (a PoracleJS SQLite database). ` +
          'Move it to MySQL/MariaDB with the previous generation first, or start with an empty database.',
        { table },
      );
    }
  }
}

export async function adoptDatabase(knex: Knex, dialect: Dialect, log: DbLog): Promise<Adoption> {
  if (await hasVersionTable(knex)) return 'managed';
  if (!(await knex.schema.hasTable('humans'))) return 'empty';
  if (dialect === 'sqlite') await assertHasUids(knex);
  log.info({ version: 1 }, 'adopting a database of the previous generation: recording the initial schema as applied');
  await ensureVersionTable(knex);
  await writeVersion(knex, 1, false);
  const created = await createInitialTables(knex, dialect);
  if (created.length > 0) {
    log.warn({ created }, 'the adopted database lacked tables of the initial schema (an older release); created them empty');
  }
  return 'adopted';
}
