/**
 * Start-up repairs: idempotent fixes for what the previous generation left behind that are ours alone (so they
 * are not numbered migrations, which mirror PoracleNG's). prepareDatabase runs them on every start after the
 * adoption step; each costs a few information_schema / hasColumn look-ups when there is nothing to do, and
 * logs at info what it did.
 *
 * Before the migrations: drop the previous generation's foreign keys; add raid/egg `rsvp_changes` if missing.
 * After the migrations: (MySQL) convert tables that are not utf8mb4, incl. the ones the migrations extended;
 * rewrite human types stored in the spec's neutral spelling (`chat_b:user` → `telegram:user`).
 */
import type { Knex } from 'knex';
import type { Dialect } from '../connect.ts';
import type { DbLog } from '../log.ts';
import { dropLegacyForeignKeys } from './foreign-keys.ts';
import { canonicaliseHumanTypes } from './human-types.ts';
import { ensureRsvpChanges } from './rsvp-changes.ts';
import { convertToUtf8mb4 } from './utf8mb4.ts';

export interface RepairsBefore {
  /** `table.constraint` of each foreign key dropped */
  readonly droppedForeignKeys: readonly string[];
  /** every repair done, e.g. `drop_foreign_key raid.raid_id_foreign`, `add_column raid.rsvp_changes` */
  readonly done: readonly string[];
}

export async function repairsBeforeMigrations(knex: Knex, dialect: Dialect, log: DbLog): Promise<RepairsBefore> {
  const droppedForeignKeys = await dropLegacyForeignKeys(knex, dialect, log);
  const added = await ensureRsvpChanges(knex, log);
  return {
    droppedForeignKeys,
    done: [...droppedForeignKeys.map((fk) => `drop_foreign_key ${fk}`), ...added.map((c) => `add_column ${c}`)],
  };
}

/** Returns every repair done, e.g. `utf8mb4 database`, `utf8mb4 humans`, `human_type 123 chat_b:user -> telegram:user`. */
export async function repairsAfterMigrations(knex: Knex, dialect: Dialect, log: DbLog): Promise<string[]> {
  const converted = (await convertToUtf8mb4(knex, dialect, log)).map((what) => `utf8mb4 ${what}`);
  const retyped = (await canonicaliseHumanTypes(knex, log)).map((what) => `human_type ${what}`);
  return [...converted, ...retyped];
}
