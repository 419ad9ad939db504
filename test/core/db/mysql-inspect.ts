/**
 * MariaDB/MySQL introspection for the adoption tests: table contents with text as hex bytes, columns, indexes,
 * foreign keys and charsets, read from information_schema of the current database.
 */
import type { Knex } from 'knex';

type Row = Record<string, unknown>;

const TEXT_TYPES = new Set(['char', 'varchar', 'tinytext', 'text', 'mediumtext', 'longtext']);

export async function rawRows(knex: Knex, sql: string, bindings: readonly Knex.Value[] = []): Promise<Row[]> {
  const result = (await knex.raw(sql, bindings)) as [Row[], unknown];
  return result[0];
}

export interface ColumnInfo {
  readonly name: string;
  readonly position: number;
  readonly type: string;
  readonly dataType: string;
  readonly nullable: string;
  readonly defaultValue: unknown;
  readonly extra: string;
  readonly charset: string | null;
}

export async function columnsOf(knex: Knex, table: string): Promise<ColumnInfo[]> {
  const rows = await rawRows(
    knex,
    `SELECT COLUMN_NAME name, ORDINAL_POSITION position, COLUMN_TYPE type, DATA_TYPE dataType, IS_NULLABLE nullable,
       COLUMN_DEFAULT defaultValue, EXTRA extra, CHARACTER_SET_NAME charset
     FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
    [table],
  );
  return rows.map((r) => ({ ...r, position: Number(r.position) }) as ColumnInfo);
}

/** Index definitions (name, uniqueness, column order); `*_id_foreign` FK-support indexes left out when asked. */
export async function indexesOf(knex: Knex, table: string, skipForeignKeyIndexes = true): Promise<string[]> {
  const rows = await rawRows(
    knex,
    `SELECT INDEX_NAME name, NON_UNIQUE nonUnique, SEQ_IN_INDEX seq, COLUMN_NAME col FROM information_schema.STATISTICS
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
    [table],
  );
  const byName = new Map<string, { unique: boolean; cols: string[] }>();
  for (const r of rows) {
    const name = String(r.name);
    if (skipForeignKeyIndexes && name.endsWith('_id_foreign')) continue;
    const entry = byName.get(name) ?? { unique: Number(r.nonUnique) === 0, cols: [] };
    entry.cols.push(String(r.col));
    byName.set(name, entry);
  }
  return [...byName.entries()].map(([name, e]) => `${e.unique ? 'UNIQUE' : 'INDEX'} ${name} (${e.cols.join(',')})`).sort();
}

export async function foreignKeys(knex: Knex): Promise<string[]> {
  const rows = await rawRows(
    knex,
    `SELECT CONCAT(TABLE_NAME, '.', CONSTRAINT_NAME) fk FROM information_schema.TABLE_CONSTRAINTS
     WHERE TABLE_SCHEMA = DATABASE() AND CONSTRAINT_TYPE = 'FOREIGN KEY' ORDER BY 1`,
  );
  return rows.map((r) => String(r.fk));
}

/** table → charset of the table and of every text column that is not the table's. */
export async function charsets(knex: Knex, table: string): Promise<string[]> {
  const [t] = await rawRows(knex, 'SELECT TABLE_COLLATION c FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?', [table]);
  const cols = await columnsOf(knex, table);
  return [String(t?.c).split('_')[0] ?? '', ...cols.filter((c) => c.charset !== null).map((c) => `${c.name}:${c.charset}`)];
}

export interface TableSnapshot {
  readonly columns: readonly string[];
  readonly rows: readonly Row[];
}

/**
 * Every row of the table ordered by its primary key; text columns as HEX() so equality means byte equality.
 * `columns` restricts the snapshot (to compare before/after without newly added columns).
 */
export async function snapshotTable(knex: Knex, table: string, columns?: readonly string[]): Promise<TableSnapshot> {
  const info = await columnsOf(knex, table);
  const wanted = columns ?? info.map((c) => c.name);
  const select = wanted.map((name) => {
    const col = info.find((c) => c.name === name);
    if (!col) throw new Error(`${table}.${name} disappeared`);
    return TEXT_TYPES.has(col.dataType) ? `HEX(\`${name}\`) AS \`${name}\`` : `\`${name}\``;
  });
  const [pk] = await rawRows(
    knex,
    `SELECT GROUP_CONCAT(CONCAT('\`', COLUMN_NAME, '\`') ORDER BY SEQ_IN_INDEX) cols FROM information_schema.STATISTICS
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND INDEX_NAME = 'PRIMARY'`,
    [table],
  );
  const rows = await rawRows(knex, `SELECT ${select.join(', ')} FROM \`${table}\` ORDER BY ${String(pk?.cols)}`);
  return { columns: wanted, rows };
}

export async function tableNames(knex: Knex): Promise<string[]> {
  const rows = await rawRows(knex, "SELECT TABLE_NAME t FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' ORDER BY 1");
  return rows.map((r) => String(r.t));
}
