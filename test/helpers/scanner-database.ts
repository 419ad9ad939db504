/**
 * Scratch scanner databases for tests: a MariaDB database `<prefix>scanner_<random>` (LOOKOUT_TEST_DB_PREFIX) holding the scanners' own
 * `pokestop`, `gym` and (Golbat) `station` tables, with the column names and types of their public schemas (Golbat's
 * sql/1_rdmdb_tables.up.sql and 30_station.up.sql; RDM's resources/migrations, where `deleted` came with migration 36
 * and `availble_slots` became `available_slots` with 73), trimmed to the columns a fort row needs. Dropped by
 * cleanup(). MariaDB is required for these tests only when CI=true or LOOKOUT_REQUIRE_MARIADB=1 (as
 * test/helpers/databases.ts); otherwise they skip without it.
 */
import { randomBytes } from 'node:crypto';
import type { TestContext } from 'node:test';
import knexFactory, { type Knex } from 'knex';
import { adminConnection, dropOnce, mariadbRequired, mysqlServer, mysqlUnreachableReason, testDatabasePrefix } from './databases.ts';

export type ScannerFlavour = 'golbat' | 'rdm';

const POKESTOP = `CREATE TABLE \`pokestop\` (
  \`id\` varchar(35) NOT NULL,
  \`lat\` double(18,14) NOT NULL,
  \`lon\` double(18,14) NOT NULL,
  \`name\` varchar(128) DEFAULT NULL,
  \`url\` varchar(200) DEFAULT NULL,
  \`lure_expire_timestamp\` int unsigned DEFAULT NULL,
  \`last_modified_timestamp\` int unsigned DEFAULT NULL,
  \`updated\` int unsigned NOT NULL,
  \`enabled\` tinyint unsigned DEFAULT NULL,
  \`cell_id\` bigint DEFAULT NULL,
  \`deleted\` tinyint unsigned NOT NULL DEFAULT '0',
  \`lure_id\` smallint DEFAULT '0',
  \`first_seen_timestamp\` int unsigned NOT NULL,
  \`description\` text,
  PRIMARY KEY (\`id\`),
  KEY \`ix_coords\` (\`lat\`,\`lon\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci`;

const GYM = `CREATE TABLE \`gym\` (
  \`id\` varchar(35) NOT NULL,
  \`lat\` double(18,14) NOT NULL,
  \`lon\` double(18,14) NOT NULL,
  \`name\` varchar(128) DEFAULT NULL,
  \`url\` varchar(200) DEFAULT NULL,
  \`last_modified_timestamp\` int unsigned DEFAULT NULL,
  \`raid_end_timestamp\` int unsigned DEFAULT NULL,
  \`updated\` int unsigned NOT NULL,
  \`guarding_pokemon_id\` smallint unsigned DEFAULT NULL,
  \`available_slots\` smallint unsigned DEFAULT NULL,
  \`team_id\` tinyint unsigned DEFAULT NULL,
  \`raid_level\` tinyint unsigned DEFAULT NULL,
  \`enabled\` tinyint unsigned DEFAULT NULL,
  \`ex_raid_eligible\` tinyint unsigned DEFAULT NULL,
  \`in_battle\` tinyint unsigned DEFAULT NULL,
  \`cell_id\` bigint DEFAULT NULL,
  \`deleted\` tinyint unsigned NOT NULL DEFAULT '0',
  \`total_cp\` int unsigned DEFAULT NULL,
  \`first_seen_timestamp\` int unsigned NOT NULL,
  PRIMARY KEY (\`id\`),
  KEY \`ix_coords\` (\`lat\`,\`lon\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci`;

const STATION = `CREATE TABLE \`station\` (
  \`id\` VARCHAR(35) NOT NULL,
  \`lat\` DOUBLE(18,14) NOT NULL,
  \`lon\` DOUBLE(18,14) NOT NULL,
  \`name\` VARCHAR(256) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci NOT NULL,
  \`cell_id\` BIGINT NOT NULL,
  \`start_time\` INT UNSIGNED NOT NULL,
  \`end_time\` INT UNSIGNED NOT NULL,
  \`cooldown_complete\` INT UNSIGNED NOT NULL,
  \`is_battle_available\` TINYINT UNSIGNED NOT NULL,
  \`is_inactive\` TINYINT UNSIGNED NOT NULL,
  \`updated\` INT UNSIGNED NOT NULL,
  \`battle_level\` TINYINT UNSIGNED DEFAULT NULL,
  PRIMARY KEY(\`id\`),
  KEY \`ix_coords\` (\`lat\`,\`lon\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci`;

export interface FortSeed {
  readonly id: string;
  readonly name: string | null;
  readonly lat: number;
  readonly lon: number;
  readonly enabled?: number;
  readonly deleted?: number;
  /** gyms */
  readonly team_id?: number;
  readonly available_slots?: number;
}

export interface ScannerDatabase {
  readonly flavour: ScannerFlavour;
  readonly database: string;
  /** a writable connection to the scratch database (seeding; the service's own connection is read-only) */
  readonly knex: Knex;
  /** `[database.scanner]` pointing at it */
  section(overrides?: Readonly<Record<string, unknown>>): Record<string, unknown>;
  addStop(row: FortSeed): Promise<void>;
  addGym(row: FortSeed): Promise<void>;
  addStation(row: FortSeed): Promise<void>;
  cleanup(): Promise<void>;
}

export interface ScannerDatabaseOptions {
  /** tables to leave out (a scanner database lacking a table) */
  readonly without?: readonly ('pokestop' | 'gym' | 'station')[];
}

const NOW_S = (): number => Math.floor(Date.now() / 1000);

export async function createScannerDatabase(flavour: ScannerFlavour, options: ScannerDatabaseOptions = {}): Promise<ScannerDatabase> {
  const database = `${testDatabasePrefix()}scanner_${randomBytes(5).toString('hex')}`;
  const admin = await adminConnection();
  try {
    await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`);
  } finally {
    await admin.end();
  }
  const s = mysqlServer();
  const knex = knexFactory({ client: 'mysql2', connection: { ...s, database, charset: 'utf8mb4' }, pool: { min: 0, max: 2 } });
  const tables: Record<string, string> = flavour === 'golbat' ? { pokestop: POKESTOP, gym: GYM, station: STATION } : { pokestop: POKESTOP, gym: GYM };
  for (const [name, ddl] of Object.entries(tables)) if (!options.without?.some((left) => left === name)) await knex.raw(ddl);
  return {
    flavour,
    database,
    knex,
    section: (overrides = {}) => ({ ...s, database, type: flavour, ...overrides }),
    async addStop(row) {
      await knex('pokestop').insert({ enabled: 1, deleted: 0, ...row, updated: NOW_S(), first_seen_timestamp: NOW_S() });
    },
    async addGym(row) {
      await knex('gym').insert({ enabled: 1, deleted: 0, team_id: 0, available_slots: 6, ...row, updated: NOW_S(), first_seen_timestamp: NOW_S() });
    },
    async addStation(row) {
      const now = NOW_S();
      await knex('station').insert({ id: row.id, name: row.name ?? '', lat: row.lat, lon: row.lon, cell_id: 0, start_time: now, end_time: now + 3600, cooldown_complete: 0, is_battle_available: 1, is_inactive: 0, updated: now });
    },
    cleanup: dropOnce(knex, database),
  };
}

/** Skips the test (or fails it, when MariaDB is required) unless MariaDB answers; true when it may go on. */
export async function scannerDatabaseAvailable(t: TestContext): Promise<boolean> {
  const reason = await mysqlUnreachableReason();
  if (!reason) return true;
  if (mariadbRequired()) throw new Error(`${reason}; required because CI=true or LOOKOUT_REQUIRE_MARIADB=1`);
  t.skip(`${reason}; the scanner database tests need MariaDB`);
  return false;
}
