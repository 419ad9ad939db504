/**
 * Version 4: `raid.rsvp_changes` and `egg.rsvp_changes` (tinyint(8) NOT NULL DEFAULT 0). A PoracleJS 4.8.3
 * database adopted at version 1 lacks them; later PoracleJS releases and PoracleNG installs already have them.
 */
import { rsvpChanges } from './columns.ts';
import type { Migration } from './types.ts';

export const rsvpChangesColumns: Migration = {
  version: 4,
  name: 'ensure_rsvp_changes',
  async up(knex) {
    for (const table of ['raid', 'egg']) {
      if (await knex.schema.hasColumn(table, 'rsvp_changes')) continue;
      await knex.schema.alterTable(table, (t) => rsvpChanges(t));
    }
  },
};
