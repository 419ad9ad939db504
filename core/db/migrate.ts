/**
 * Start-up sequence for the database: adopt a previous-generation database, run the start-up repairs that go
 * before the migrations (its foreign keys, rsvp_changes), refuse a dirty schema, run the pending migrations
 * recording each in `schema_migrations` (golang-migrate style: dirty=true with the target version before,
 * dirty=false after), then the repairs that go after them (utf8mb4, human types in the neutral spelling), then
 * the registered plugins' own migrations (plugin-migrations/, ledger `plugin_migrations`).
 */
import type { Knex } from 'knex';
import { describeError, LookoutError } from '../errors.ts';
import { adoptDatabase, type Adoption } from './adopt.ts';
import { dialectOf } from './connect.ts';
import type { DbLog } from './log.ts';
import { MIGRATIONS, type Migration } from './migrations/index.ts';
import { runPluginMigrations } from './plugin-migrations/run.ts';
import type { AppliedPluginMigration, PluginMigrationSource } from './plugin-migrations/types.ts';
import { repairsAfterMigrations, repairsBeforeMigrations } from './repairs/index.ts';
import { ensureVersionTable, readVersion, writeVersion } from './schema-version.ts';
import { REQUIRED_COLUMNS, SERVICE_TABLES } from './tables.ts';

export type { DbLog } from './log.ts';

export interface MigrationRun {
  /** version recorded before (0 = none) */
  readonly from: number;
  /** version recorded after */
  readonly to: number;
  readonly applied: readonly number[];
}

export interface PrepareResult extends MigrationRun {
  readonly adoption: Adoption;
  readonly droppedForeignKeys: readonly string[];
  /** start-up repairs done by this run (empty once the database is in shape); see repairs/index.ts */
  readonly repairs: readonly string[];
  /** the plugins' migrations this run applied, in order (empty once every plugin is up to date) */
  readonly pluginMigrations: readonly AppliedPluginMigration[];
}

/** Tables and columns this release relies on that the database lacks (reported when the version is unknown). */
export async function missingSchemaObjects(knex: Knex): Promise<string[]> {
  const missing: string[] = [];
  for (const table of SERVICE_TABLES) if (!(await knex.schema.hasTable(table))) missing.push(table);
  for (const [table, column] of REQUIRED_COLUMNS) {
    if (!missing.includes(table) && !(await knex.schema.hasColumn(table, column))) missing.push(`${table}.${column}`);
  }
  return missing;
}

function assertOrdered(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    const previous = migrations[i - 1];
    if (!Number.isInteger(m.version) || m.version < 1 || (previous && m.version <= previous.version)) {
      throw new LookoutError('INTERNAL', `migration list out of order at ${m.version} (${m.name})`);
    }
  });
}

/** The statement that records the version before `version` (versions have gaps; none before → no row). */
function rewindStatement(version: number, migrations: readonly Migration[]): string {
  const previous = migrations.filter((m) => m.version < version).at(-1)?.version;
  return previous === undefined ? 'DELETE FROM schema_migrations' : `UPDATE schema_migrations SET version=${previous}, dirty=0`;
}

function dirtyError(version: number, migrations: readonly Migration[]): LookoutError {
  const name = migrations.find((m) => m.version === version)?.name ?? 'unknown';
  return new LookoutError(
    'DB_DIRTY',
    `database schema is dirty at version ${version} (${name}): that migration started and did not finish. ` +
      'Inspect the schema (see docs/database.md), then either finish the change by hand and run ' +
      '"UPDATE schema_migrations SET dirty=0", or undo its partial changes and run ' +
      `"${rewindStatement(version, migrations)}" so it runs again; then restart.`,
    { version, name },
  );
}

async function applyOne(knex: Knex, migration: Migration, log: DbLog): Promise<void> {
  log.info({ version: migration.version, name: migration.name }, 'applying database migration');
  await writeVersion(knex, migration.version, true);
  try {
    await migration.up(knex, dialectOf(knex), log);
  } catch (err) {
    throw new LookoutError(
      'DB_MIGRATION_FAILED',
      `database migration ${migration.version} (${migration.name}) failed: ${describeError(err)}. ` +
        `schema_migrations is left dirty at version ${migration.version}; see docs/database.md ("Dirty version").`,
      { version: migration.version, name: migration.name },
      { cause: err },
    );
  }
  await writeVersion(knex, migration.version, false);
}

/** Runs every migration above the recorded version, in order. Throws DB_DIRTY / DB_MIGRATION_FAILED. */
export async function runMigrations(knex: Knex, log: DbLog, migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationRun> {
  assertOrdered(migrations);
  await ensureVersionTable(knex);
  const recorded = await readVersion(knex);
  const from = recorded?.version ?? 0;
  if (recorded?.dirty) throw dirtyError(recorded.version, migrations);
  const latest = migrations[migrations.length - 1]?.version ?? 0;
  if (from > latest) {
    const missing = await missingSchemaObjects(knex);
    log.warn({ version: from, latest, missing }, 'database schema version is newer than this release knows; continuing without migrating');
    return { from, to: from, applied: [] };
  }
  const applied: number[] = [];
  for (const migration of migrations.filter((m) => m.version > from)) {
    await applyOne(knex, migration, log);
    applied.push(migration.version);
  }
  const to = applied[applied.length - 1] ?? from;
  if (applied.length > 0) log.info({ from, to, applied }, 'database schema migrated');
  return { from, to, applied };
}

/**
 * The whole start-up sequence; safe to run on every start (a no-op once up to date).
 * @param plugins the registered plugins, whose own migrations run last (PluginMigrationError stops the start)
 */
export async function prepareDatabase(
  knex: Knex,
  log: DbLog,
  migrations: readonly Migration[] = MIGRATIONS,
  plugins: readonly PluginMigrationSource[] = [],
): Promise<PrepareResult> {
  const dialect = dialectOf(knex);
  const adoption = await adoptDatabase(knex, dialect, log);
  const before = await repairsBeforeMigrations(knex, dialect, log);
  const run = await runMigrations(knex, log, migrations);
  const after = await repairsAfterMigrations(knex, dialect, log);
  const pluginMigrations = await runPluginMigrations(knex, log, plugins);
  return { adoption, droppedForeignKeys: before.droppedForeignKeys, repairs: [...before.done, ...after], ...run, pluginMigrations };
}
