/**
 * Version 5: `named_locations`, a human's saved locations. `label` is unique per human and compared exactly
 * (binary collation on MySQL, SQLite's default BINARY), so both engines agree on what a duplicate is.
 */
import { coordinate, createTableIfMissing } from './helpers.ts';
import type { Migration } from './types.ts';

export const namedLocations: Migration = {
  version: 5,
  name: 'named_locations',
  async up(knex, dialect) {
    await createTableIfMissing(knex, dialect, 'named_locations', (t) => {
      t.increments('uid');
      t.string('id', 255).notNullable();
      const label = t.string('label', 255).notNullable();
      if (dialect === 'mysql') label.collate('utf8mb4_bin');
      coordinate(t, 'latitude');
      coordinate(t, 'longitude');
      t.unique(['id', 'label'], { indexName: 'named_locations_id_label_unique' });
    });
  },
};
