/**
 * Start-up repair (MySQL only; nothing on SQLite), after the migrations: converts every service table whose
 * table charset or any text column's charset is not utf8mb4 (typically utf8mb3 on older deployments, where
 * emoji cannot be stored), and the database default.
 * `CONVERT TO CHARACTER SET` re-encodes each value losslessly; TEXT columns may be widened (e.g. to MEDIUMTEXT)
 * so they keep their character capacity. Tables in COMPACT/REDUNDANT row format are switched to DYNAMIC so
 * their varchar(255) keys still fit. The knex `migrations` tables are left alone.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../connect.ts';
import type { DbLog } from '../log.ts';
import { UTF8MB4_COLLATION } from '../migrations/helpers.ts';
import { SERVICE_TABLES } from '../tables.ts';

interface TableInfo {
  readonly name: string;
  readonly collation: string | null;
  readonly rowFormat: string | null;
}

function isUtf8mb4(collationOrCharset: string | null): boolean {
  return collationOrCharset === null || collationOrCharset === 'utf8mb4' || collationOrCharset.startsWith('utf8mb4_');
}

async function tablesNeedingConversion(knex: Knex): Promise<TableInfo[]> {
  const tables: TableInfo[] = await knex('information_schema.TABLES')
    .select({ name: 'TABLE_NAME', collation: 'TABLE_COLLATION', rowFormat: 'ROW_FORMAT' })
    .whereRaw('TABLE_SCHEMA = DATABASE()')
    .andWhere('TABLE_TYPE', 'BASE TABLE')
    .whereIn('TABLE_NAME', SERVICE_TABLES);
  const columns: { table: string; charset: string | null }[] = await knex('information_schema.COLUMNS')
    .select({ table: 'TABLE_NAME', charset: 'CHARACTER_SET_NAME' })
    .whereRaw('TABLE_SCHEMA = DATABASE()')
    .whereNotNull('CHARACTER_SET_NAME')
    .whereIn('TABLE_NAME', SERVICE_TABLES);
  const badColumns = new Set(columns.filter((c) => !isUtf8mb4(c.charset)).map((c) => c.table));
  return tables.filter((t) => !isUtf8mb4(t.collation) || badColumns.has(t.name));
}

/** Returns whether the database default had to change. */
async function convertDatabaseDefault(knex: Knex, log: DbLog): Promise<boolean> {
  const schema = (await knex('information_schema.SCHEMATA')
    .first({ charset: 'DEFAULT_CHARACTER_SET_NAME' })
    .whereRaw('SCHEMA_NAME = DATABASE()')) as { charset: string } | undefined;
  if (!schema || isUtf8mb4(schema.charset)) return false;
  await knex.raw(`ALTER DATABASE CHARACTER SET utf8mb4 COLLATE ${UTF8MB4_COLLATION}`);
  log.info({ from: schema.charset }, 'start-up repair: database default character set is now utf8mb4');
  return true;
}

/** Returns what was converted: `database` for the default, then the table names. Cheap when nothing is to do. */
export async function convertToUtf8mb4(knex: Knex, dialect: Dialect, log: DbLog): Promise<string[]> {
  if (dialect !== 'mysql') return [];
  const converted = (await convertDatabaseDefault(knex, log)) ? ['database'] : [];
  for (const table of await tablesNeedingConversion(knex)) {
    const rowFormat = /^(compact|redundant)$/i.test(table.rowFormat ?? '') ? 'ROW_FORMAT=DYNAMIC, ' : '';
    await knex.raw(`ALTER TABLE ?? ${rowFormat}CONVERT TO CHARACTER SET utf8mb4 COLLATE ${UTF8MB4_COLLATION}`, [table.name]);
    const info = { table: table.name, from: table.collation, ...(rowFormat ? { rowFormat: 'DYNAMIC' } : {}) };
    log.info(info, 'start-up repair: converted table to utf8mb4');
    converted.push(table.name);
  }
  return converted;
}
