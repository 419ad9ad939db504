/**
 * Small helpers shared by the migrations.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../connect.ts';

export const UTF8MB4_COLLATION = 'utf8mb4_unicode_ci';

/** InnoDB + utf8mb4 on MySQL; nothing on SQLite (knex would only warn there). */
export function tableOptions(t: Knex.CreateTableBuilder, dialect: Dialect): void {
  if (dialect !== 'mysql') return;
  t.engine('InnoDB');
  t.charset('utf8mb4');
  t.collate(UTF8MB4_COLLATION);
}

/** Creates the table only when it is missing; returns whether it was created. */
export async function createTableIfMissing(
  knex: Knex,
  dialect: Dialect,
  table: string,
  build: (t: Knex.CreateTableBuilder) => void,
): Promise<boolean> {
  if (await knex.schema.hasTable(table)) return false;
  await knex.schema.createTable(table, (t) => {
    build(t);
    tableOptions(t, dialect);
  });
  return true;
}

/** float(14,10) as the previous generation declared coordinates (plain REAL on SQLite). */
export function coordinate(t: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return t.float(name, 14, 10).notNullable();
}
