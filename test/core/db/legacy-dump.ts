/**
 * Builds a PoracleJS 4.8.3 database on the MariaDB test server from the reference dump
 * (../shared/reference/legacy-db), optionally altered to reproduce real deployments.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adminConnection, type TestDatabase } from '../../helpers/databases.ts';

const DUMP_DIR = fileURLToPath(new URL('../../../../shared/reference/legacy-db/', import.meta.url));
const SCHEMA_FILE = `${DUMP_DIR}poraclejs-4.8.3-schema.sql`;
const ROWS_FILE = `${DUMP_DIR}poraclejs-4.8.3-migrations-rows.sql`;

export interface DumpVariant {
  /** rewrite the tables to utf8mb3 (older MySQL/MariaDB defaults) */
  readonly utf8mb3?: boolean;
  /** tables switched to ROW_FORMAT=COMPACT (767-byte key prefixes) */
  readonly compactTables?: readonly string[];
  /** add what PoracleJS v19–v21 add: raid/egg rsvp_changes, maxbattle (with its FK) */
  readonly laterPoracleJs?: boolean;
}

/** null when the dump is there, else why the adoption tests skip. */
export function legacyDumpMissing(): string | null {
  return existsSync(SCHEMA_FILE) && existsSync(ROWS_FILE) ? null : `reference dump not found in ${DUMP_DIR}`;
}

const LATER_PORACLEJS = `
ALTER TABLE \`raid\` ADD \`rsvp_changes\` tinyint(8) NOT NULL DEFAULT 0;
ALTER TABLE \`egg\` ADD \`rsvp_changes\` tinyint(8) NOT NULL DEFAULT 0;
CREATE TABLE \`maxbattle\` (
  \`uid\` int(10) unsigned NOT NULL AUTO_INCREMENT,
  \`id\` varchar(255) NOT NULL,
  \`profile_no\` int(11) NOT NULL DEFAULT 1,
  \`ping\` varchar(255) NOT NULL,
  \`clean\` tinyint(1) NOT NULL DEFAULT 0,
  \`pokemon_id\` int(11) NOT NULL,
  \`gmax\` tinyint(1) DEFAULT 0,
  \`template\` text NOT NULL,
  \`distance\` int(11) NOT NULL,
  \`level\` int(11) NOT NULL,
  \`form\` int(11) NOT NULL,
  \`move\` int(11) NOT NULL DEFAULT 9000,
  \`evolution\` int(11) NOT NULL DEFAULT 9000,
  \`station_id\` varchar(255) DEFAULT NULL,
  PRIMARY KEY (\`uid\`),
  KEY \`maxbattle_id_foreign\` (\`id\`),
  CONSTRAINT \`maxbattle_id_foreign\` FOREIGN KEY (\`id\`) REFERENCES \`humans\` (\`id\`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
`;

const LATER_PORACLEJS_ROWS = `INSERT INTO \`migrations\` (\`name\`, \`batch\`, \`migration_time\`) VALUES
  ('v19_rsvps.js', 2, '2027-01-05 10:00:00'), ('v20_egg_rsvps.js', 2, '2027-01-05 10:00:00'), ('v21_maxbattle.js', 2, '2027-01-05 10:00:01');`;

function toUtf8mb3(sql: string): string {
  return sql.replaceAll('DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci', 'DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci');
}

function compact(sql: string, tables: readonly string[]): string {
  let out = sql;
  for (const table of tables) {
    const start = out.indexOf(`CREATE TABLE \`${table}\` (`);
    const end = out.indexOf(';', start);
    if (start < 0 || end < 0) throw new Error(`no CREATE TABLE ${table} in the dump`);
    out = `${out.slice(0, end)} ROW_FORMAT=COMPACT${out.slice(end)}`;
  }
  return out;
}

/** Runs the dump (schema, then the knex `migrations` rows) and the variant's changes in the test database. */
export async function loadLegacyDump(db: TestDatabase, variant: DumpVariant = {}): Promise<void> {
  let schema = readFileSync(SCHEMA_FILE, 'utf8');
  if (variant.compactTables?.length) schema = compact(schema, variant.compactTables);
  if (variant.laterPoracleJs) schema = `${schema}\n${LATER_PORACLEJS}`;
  if (variant.utf8mb3) schema = toUtf8mb3(schema);
  const conn = await adminConnection({ database: db.options.database, multipleStatements: true });
  try {
    await conn.query(schema);
    await conn.query(readFileSync(ROWS_FILE, 'utf8'));
    if (variant.laterPoracleJs) await conn.query(LATER_PORACLEJS_ROWS);
  } finally {
    await conn.end();
  }
}
