/**
 * Start-up repair: `raid.rsvp_changes` and `egg.rsvp_changes` (tinyint(8) NOT NULL DEFAULT 0). PoracleNG's
 * 000001 has them, but a PoracleJS 4.8.3 database adopted at version 1 lacks them. Runs before the migrations
 * so the columns sit where 000001 puts them; a table that does not exist yet is left to the migrations.
 */
import type { Knex } from 'knex';
import type { DbLog } from '../log.ts';
import { rsvpChanges } from '../migrations/columns.ts';
import { addColumnsIfMissing } from '../migrations/helpers.ts';

/** Returns the columns added, as `table.column`. */
export async function ensureRsvpChanges(knex: Knex, log: DbLog): Promise<string[]> {
  const added: string[] = [];
  for (const table of ['raid', 'egg']) {
    if (!(await knex.schema.hasTable(table))) continue;
    for (const column of await addColumnsIfMissing(knex, table, [['rsvp_changes', rsvpChanges]])) {
      added.push(`${table}.${column}`);
      log.info({ table, column }, 'start-up repair: added missing column');
    }
  }
  return added;
}
