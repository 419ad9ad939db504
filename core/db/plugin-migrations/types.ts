/**
 * What a plugin declares to own tables: its numbered migrations, run at start after the core's and recorded per
 * plugin in the `plugin_migrations` ledger (see run.ts). The types are the database layer's; core/contract.ts
 * uses them in `AlertPlugin.migrations`.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../connect.ts';
import type { DbLog } from '../log.ts';

/** What a plugin migration receives besides the connection. */
export interface PluginMigrationContext {
  /** the plugin's name, as recorded in the ledger */
  readonly plugin: string;
  /** the engine: `mysql` (MySQL/MariaDB) or `sqlite` */
  readonly dialect: Dialect;
  /** for reporting what changed in existing rows (the runner logs start and end of each migration) */
  readonly log: DbLog;
  /** sets InnoDB + utf8mb4 on MySQL/MariaDB (nothing on SQLite); call it in every `createTable` builder */
  tableOptions(table: Knex.CreateTableBuilder): void;
}

/**
 * One numbered change to a plugin's own tables. Versions are the plugin's own: 1, 2, 3… in the order they run;
 * a released migration is never renumbered, edited or removed, a change is a new version. `up` runs once per
 * database, in one transaction with its ledger row: on SQLite a failure leaves nothing behind; on MySQL/MariaDB
 * each DDL statement commits at once, so write `up` to tolerate what an earlier failed attempt left (check
 * `hasTable` / `hasColumn` first).
 */
export interface PluginMigration {
  readonly version: number;
  /** a short snake_case description, recorded in the ledger (e.g. `create_showcase`) */
  readonly name: string;
  /** `knex` is the migration's transaction: use it, never another connection */
  up(knex: Knex, ctx: PluginMigrationContext): Promise<void>;
}

/** The part of a plugin the runner reads (an `AlertPlugin` is one). */
export interface PluginMigrationSource {
  readonly name: string;
  readonly migrations?: readonly PluginMigration[];
}

/** One migration applied by this start. */
export interface AppliedPluginMigration {
  readonly plugin: string;
  readonly version: number;
  readonly name: string;
}
