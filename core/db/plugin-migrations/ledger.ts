/**
 * The `plugin_migrations` ledger: one row per plugin migration applied (plugin, version, name, applied_at UTC).
 * Created on demand — the first start with a plugin that declares migrations — and never by a numbered core
 * migration: the core's numbers mirror PoracleNG's, so taking the next one would collide with its next release.
 * A database no plugin migration has touched keeps exactly the previous generation's tables.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../connect.ts';
import { tableOptions } from '../migrations/helpers.ts';
import { PLUGIN_LEDGER_TABLE } from '../tables.ts';
import { MAX_MIGRATION_NAME } from './validate.ts';

/** The longest plugin name the ledger stores. */
export const MAX_PLUGIN_NAME = 64;

export interface LedgerRow {
  readonly plugin: string;
  readonly version: number;
  readonly name: string;
}

export function hasLedger(knex: Knex): Promise<boolean> {
  return knex.schema.hasTable(PLUGIN_LEDGER_TABLE);
}

/** Creates the ledger when missing. */
export async function ensureLedger(knex: Knex, dialect: Dialect): Promise<void> {
  if (await hasLedger(knex)) return;
  await knex.schema.createTable(PLUGIN_LEDGER_TABLE, (t) => {
    t.string('plugin', MAX_PLUGIN_NAME).notNullable();
    t.integer('version').notNullable();
    t.string('name', MAX_MIGRATION_NAME).notNullable();
    t.dateTime('applied_at').notNullable();
    t.primary(['plugin', 'version']);
    tableOptions(t, dialect);
  });
}

/** Every recorded migration, by plugin then version; none when the ledger does not exist. */
export async function readLedger(knex: Knex): Promise<LedgerRow[]> {
  if (!(await hasLedger(knex))) return [];
  const rows = (await knex(PLUGIN_LEDGER_TABLE).select('plugin', 'version', 'name').orderBy(['plugin', 'version'])) as {
    plugin: string;
    version: number | string;
    name: string;
  }[];
  return rows.map((r) => ({ plugin: r.plugin, version: Number(r.version), name: r.name }));
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, which both engines store as given. */
function utcNow(): string {
  return new Date().toISOString().slice(0, 19).replace('T', ' ');
}

/** Records one applied migration (inside the migration's transaction). */
export async function recordApplied(trx: Knex.Transaction, row: LedgerRow): Promise<void> {
  await trx(PLUGIN_LEDGER_TABLE).insert({ ...row, applied_at: utcNow() });
}
