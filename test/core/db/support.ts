/**
 * Small shared pieces of the database tests.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Knex } from 'knex';
import { dialectOf } from '../../../core/db/connect.ts';
import type { DbLog } from '../../../core/db/log.ts';
import { runMigrations } from '../../../core/db/migrate.ts';
import { hasIndex } from '../../../core/db/migrations/helpers.ts';
import { MIGRATIONS } from '../../../core/db/migrations/index.ts';
import { REQUIRED_COLUMNS, SERVICE_TABLES } from '../../../core/db/tables.ts';
import { databaseTargets } from '../../helpers/databases.ts';
import { legacyDumpMissing } from './legacy-dump.ts';

export interface CapturedDbLog extends DbLog {
  readonly entries: { level: 'info' | 'warn'; obj: object; msg: string }[];
  warnings(): string[];
}

export function captureDbLog(): CapturedDbLog {
  const entries: CapturedDbLog['entries'] = [];
  return {
    entries,
    info: (obj, msg = '') => void entries.push({ level: 'info', obj, msg }),
    warn: (obj, msg = '') => void entries.push({ level: 'warn', obj, msg }),
    warnings: () => entries.filter((e) => e.level === 'warn').map((e) => e.msg),
  };
}

/**
 * A suite that needs the MariaDB test server (and, with needsDump, the reference dump). Skips with the reason
 * when either is missing — except that an unreachable server fails the suite when MariaDB is required.
 */
export async function mariadbSuite(name: string, body: () => void, needsDump = true): Promise<void> {
  const target = (await databaseTargets()).find((t) => t.engine === 'mysql');
  const skip = !target ? 'MariaDB excluded by LOOKOUT_TEST_ENGINES' : (target.skip ?? (needsDump ? legacyDumpMissing() : null));
  describe(name, () => {
    if (target?.failure) {
      const failure = target.failure;
      return void it('MariaDB is reachable', () => { throw new Error(failure); });
    }
    if (skip) return void it('skipped', { skip }, () => {});
    body();
  });
}

/** Runs the migrations up to `version` only (a database as that release of PoracleNG left it, minus repairs). */
export async function migrateTo(knex: Knex, version: number): Promise<void> {
  await runMigrations(knex, captureDbLog(), MIGRATIONS.filter((m) => m.version <= version));
}

/** The schema of version 9: every table and required column, the unique keys 000008 drops gone. */
export async function assertLatestSchema(knex: Knex): Promise<void> {
  const dialect = dialectOf(knex);
  for (const table of SERVICE_TABLES) assert.ok(await knex.schema.hasTable(table), `${table} exists`);
  for (const [table, column] of REQUIRED_COLUMNS) assert.ok(await knex.schema.hasColumn(table, column), `${table}.${column} exists`);
  assert.ok(!(await knex.schema.hasColumn('weather', 'override_areas')), 'weather has no overrides');
  assert.ok(!(await hasIndex(knex, dialect, 'invasion', 'invasion_tracking')), 'invasion_tracking dropped');
  assert.ok(!(await hasIndex(knex, dialect, 'lures', 'lure_tracking')), 'lure_tracking dropped');
  assert.ok(await hasIndex(knex, dialect, 'weather', 'weather_tracking'), 'weather_tracking kept');
  assert.ok(await hasIndex(knex, dialect, 'user_locations', 'uniq_id_label'), 'user_locations unique key');
}
