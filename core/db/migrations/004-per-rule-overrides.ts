/**
 * Version 4 (= PoracleNG 000004 per_rule_overrides): `user_locations`, a human's saved locations by label, and
 * the per-rule override columns on every tracking table but weather.
 *
 * - `user_locations`: created when missing. Ours has `id` varchar(255) (webhook URLs are ids) and, on MySQL, a
 *   binary `label` collation so labels compare exactly as on SQLite; PoracleNG's table (`id` varchar(50), the
 *   table's default collation) is kept as it is.
 * - `override_location_label` varchar(64) NULL: the rule's `location:<label>` (a user_locations label);
 *   `override_areas` text NULL: the rule's `area:<names>`, JSON array text of lowercase area names.
 *   Each is added only when missing.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../connect.ts';
import { OVERRIDE_TABLES } from '../tables.ts';
import { OVERRIDE_COLUMNS } from './columns.ts';
import { addColumnsIfMissing, coordinate, createTableIfMissing } from './helpers.ts';
import type { Migration } from './types.ts';

function userLocationsTable(knex: Knex, dialect: Dialect): (t: Knex.CreateTableBuilder) => void {
  return (t) => {
    t.increments('uid');
    t.string('id', 255).notNullable();
    const label = t.string('label', 64).notNullable();
    if (dialect === 'mysql') label.collate('utf8mb4_bin');
    coordinate(t, 'latitude');
    coordinate(t, 'longitude');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.unique(['id', 'label'], { indexName: 'uniq_id_label' });
  };
}

export const perRuleOverrides: Migration = {
  version: 4,
  name: 'per_rule_overrides',
  async up(knex, dialect) {
    await createTableIfMissing(knex, dialect, 'user_locations', userLocationsTable(knex, dialect));
    for (const table of OVERRIDE_TABLES) await addColumnsIfMissing(knex, table, OVERRIDE_COLUMNS);
  },
};
