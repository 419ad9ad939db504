/**
 * Version 1 (= PoracleNG 000001): the 12 tables of the previous generation. Each table is created only when
 * missing, so the migration also completes a partial schema. Adopted databases record it as applied.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../connect.ts';
import { createTableIfMissing, UTF8MB4_COLLATION } from './helpers.ts';
import { humansTable, profilesTable } from './initial-people.ts';
import { INITIAL_TRACKING_TABLES } from './initial-tracking.ts';
import type { Migration } from './types.ts';

/** Creates whichever of the 12 initial tables is missing; returns the names it created. */
export async function createInitialTables(knex: Knex, dialect: Dialect): Promise<string[]> {
  const tables: (readonly [string, (t: Knex.CreateTableBuilder) => void])[] = [
    ['humans', humansTable(knex)],
    ['profiles', profilesTable],
    ...INITIAL_TRACKING_TABLES,
  ];
  const created: string[] = [];
  for (const [name, build] of tables) {
    if (await createTableIfMissing(knex, dialect, name, build)) created.push(name);
  }
  return created;
}

export const initialSchema: Migration = {
  version: 1,
  name: 'initial_schema',
  async up(knex, dialect) {
    if (dialect === 'mysql') {
      await knex.raw(`ALTER DATABASE CHARACTER SET utf8mb4 COLLATE ${UTF8MB4_COLLATION}`);
    }
    await createInitialTables(knex, dialect);
  },
};
