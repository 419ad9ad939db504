/**
 * Small helpers shared by the migrations and the start-up repairs.
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

/**
 * Adds whichever of the given columns the table lacks, in the given order (one ALTER TABLE); returns the names
 * added. A column that exists is kept exactly as it is.
 */
export async function addColumnsIfMissing(
  knex: Knex,
  table: string,
  columns: readonly (readonly [string, (t: Knex.AlterTableBuilder) => void])[],
): Promise<string[]> {
  const missing: (readonly [string, (t: Knex.AlterTableBuilder) => void])[] = [];
  for (const column of columns) if (!(await knex.schema.hasColumn(table, column[0]))) missing.push(column);
  if (missing.length > 0) await knex.schema.alterTable(table, (t) => missing.forEach(([, add]) => add(t)));
  return missing.map(([name]) => name);
}

/** Whether the table has an index (unique or not) of that name. */
export async function hasIndex(knex: Knex, dialect: Dialect, table: string, index: string): Promise<boolean> {
  const found: unknown = dialect === 'mysql'
    ? await knex('information_schema.STATISTICS')
        .first('INDEX_NAME')
        .whereRaw('TABLE_SCHEMA = DATABASE()')
        .andWhere({ TABLE_NAME: table, INDEX_NAME: index })
    : await knex('sqlite_master').first('name').where({ type: 'index', tbl_name: table, name: index });
  return found !== undefined;
}

/** Drops the index when present; returns whether it did. */
export async function dropIndexIfPresent(knex: Knex, dialect: Dialect, table: string, index: string): Promise<boolean> {
  if (!(await hasIndex(knex, dialect, table, index))) return false;
  if (dialect === 'mysql') await knex.raw('ALTER TABLE ?? DROP INDEX ??', [table, index]);
  else await knex.raw('DROP INDEX ??', [index]);
  return true;
}

/** `items` in slices of at most `size` (keeps bound-parameter counts low on both engines). */
export function chunked<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
