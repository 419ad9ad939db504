/**
 * Version 2 (= PoracleNG 000002): `maxbattle`. A table a later PoracleJS created is kept as it is.
 */
import { flag, intDefault, profileNo, str, textRequired, uid } from './columns.ts';
import { createTableIfMissing } from './helpers.ts';
import type { Migration } from './types.ts';

export const maxbattle: Migration = {
  version: 2,
  name: 'add_maxbattle',
  async up(knex, dialect) {
    await createTableIfMissing(knex, dialect, 'maxbattle', (t) => {
      uid(t);
      str(t, 'id');
      profileNo(t);
      intDefault(t, 'pokemon_id', 9000);
      flag(t, 'gmax', false);
      intDefault(t, 'level', 9000);
      intDefault(t, 'form', 0);
      intDefault(t, 'move', 9000);
      intDefault(t, 'evolution', 9000);
      intDefault(t, 'distance', 0);
      t.string('station_id', 255).nullable();
      textRequired(t, 'ping');
      flag(t, 'clean', false);
      textRequired(t, 'template');
    });
  },
};
