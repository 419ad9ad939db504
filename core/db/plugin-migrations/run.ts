/**
 * Runs the registered plugins' own migrations, after the core's: per plugin, every declared version the ledger
 * does not record, in order, each in one transaction with its ledger row. Before anything runs it refuses a
 * ledger that records a version a plugin no longer declares (the database was prepared by a newer version of
 * it). Ledger rows of plugins not registered are left alone (a removed plugin's tables stay) with a warning.
 */
import type { Knex } from 'knex';
import { describeError } from '../../errors.ts';
import { dialectOf, type Dialect } from '../connect.ts';
import type { DbLog } from '../log.ts';
import { tableOptions } from '../migrations/helpers.ts';
import { PLUGIN_LEDGER_TABLE } from '../tables.ts';
import { PluginMigrationError } from './error.ts';
import { ensureLedger, MAX_PLUGIN_NAME, readLedger, recordApplied, type LedgerRow } from './ledger.ts';
import type { AppliedPluginMigration, PluginMigration, PluginMigrationSource } from './types.ts';
import { migrationListProblem } from './validate.ts';

interface Declared {
  readonly plugin: string;
  readonly migrations: readonly PluginMigration[];
}

function declaredBy(source: PluginMigrationSource): Declared {
  const migrations = source.migrations ?? [];
  const problem = migrations.length > 0 && source.name.length > MAX_PLUGIN_NAME ? `needs a plugin name of at most ${MAX_PLUGIN_NAME} characters` : migrationListProblem(migrations);
  if (problem !== null) throw new PluginMigrationError('invalid', source.name, 0, `plugin "${source.name}": "migrations" ${problem}`);
  return { plugin: source.name, migrations };
}

function refuseAhead(declared: Declared, ledger: readonly LedgerRow[]): void {
  const latest = declared.migrations.length;
  const ahead = ledger.find((row) => row.plugin === declared.plugin && row.version > latest);
  if (!ahead) return;
  throw new PluginMigrationError(
    'ahead',
    declared.plugin,
    ahead.version,
    `plugin "${declared.plugin}": the database records its migration ${ahead.version} (${ahead.name}), which this version of the plugin ` +
      `does not declare (it declares ${latest === 0 ? 'none' : `1–${latest}`}): a newer version of the plugin prepared this database. ` +
      'Run that version again; or, to go back, undo the changes of its later migrations by hand and run ' +
      `"DELETE FROM ${PLUGIN_LEDGER_TABLE} WHERE plugin='${declared.plugin}' AND version>${latest}"; then restart.`,
  );
}

function warnUnregistered(declared: readonly Declared[], ledger: readonly LedgerRow[], log: DbLog): void {
  const known = new Set(declared.map((d) => d.plugin));
  for (const plugin of new Set(ledger.map((row) => row.plugin))) {
    if (!known.has(plugin)) log.warn({ plugin, table: PLUGIN_LEDGER_TABLE }, 'the database records migrations of a plugin that is not loaded; its tables are left as they are');
  }
}

async function applyOne(knex: Knex, dialect: Dialect, log: DbLog, plugin: string, migration: PluginMigration): Promise<void> {
  const { version, name } = migration;
  log.info({ plugin, version, name }, 'applying plugin migration');
  try {
    await knex.transaction(async (trx) => {
      await migration.up(trx, { plugin, dialect, log, tableOptions: (t) => tableOptions(t, dialect) });
      await recordApplied(trx, { plugin, version, name });
    });
  } catch (err) {
    const partial = dialect === 'mysql' ? ' (on MySQL/MariaDB, table changes it made before failing stay: each DDL statement commits at once)' : '';
    throw new PluginMigrationError(
      'failed',
      plugin,
      version,
      `plugin "${plugin}" migration ${version} (${name}) failed: ${describeError(err)}. ` +
        `It is not recorded in ${PLUGIN_LEDGER_TABLE} and runs again on the next start${partial}.`,
      { cause: err },
    );
  }
}

/**
 * Applies every pending plugin migration; returns what it applied, in order. Throws PluginMigrationError
 * (naming the plugin and version) when a list is malformed, the ledger is ahead of a plugin, or one fails —
 * the migrations after a failed one do not run.
 */
export async function runPluginMigrations(knex: Knex, log: DbLog, plugins: readonly PluginMigrationSource[]): Promise<AppliedPluginMigration[]> {
  const declared = plugins.map(declaredBy);
  const ledger = await readLedger(knex);
  for (const d of declared) refuseAhead(d, ledger);
  warnUnregistered(declared, ledger, log);
  if (declared.every((d) => d.migrations.length === 0)) return [];
  const dialect = dialectOf(knex);
  await ensureLedger(knex, dialect);
  const recorded = new Set(ledger.map((row) => `${row.plugin} ${row.version}`));
  const applied: AppliedPluginMigration[] = [];
  for (const { plugin, migrations } of declared) {
    for (const migration of migrations.filter((m) => !recorded.has(`${plugin} ${m.version}`))) {
      await applyOne(knex, dialect, log, plugin, migration);
      applied.push({ plugin, version: migration.version, name: migration.name });
    }
  }
  if (applied.length > 0) log.info({ applied: applied.map((m) => `${m.plugin} ${m.version}`) }, 'plugin migrations applied');
  return applied;
}
