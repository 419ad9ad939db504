/**
 * Version 1, part one: `humans` and `profiles` as the previous generation left them (column order included).
 */
import type { Knex } from 'knex';
import { coordinate } from './helpers.ts';
import { flag, intDefault, profileNo, str, textNullable, textRequired, uid } from './columns.ts';

export function humansTable(knex: Knex): (t: Knex.CreateTableBuilder) => void {
  return (t) => {
    t.string('id', 255).notNullable().primary();
    str(t, 'type', 'name');
    flag(t, 'enabled', true);
    textRequired(t, 'area');
    coordinate(t, 'latitude').defaultTo(0);
    coordinate(t, 'longitude').defaultTo(0);
    intDefault(t, 'fails', 0);
    t.dateTime('last_checked').notNullable().defaultTo(knex.fn.now());
    t.string('language', 255).nullable();
    flag(t, 'admin_disable', false);
    t.dateTime('disabled_date').nullable();
    intDefault(t, 'current_profile_no', 1);
    textRequired(t, 'community_membership');
    textNullable(t, 'area_restriction');
    t.string('notes', 255).notNullable().defaultTo('');
    t.string('blocked_alerts', 255).nullable();
  };
}

export function profilesTable(t: Knex.CreateTableBuilder): void {
  uid(t);
  str(t, 'id');
  profileNo(t);
  str(t, 'name');
  textRequired(t, 'area');
  coordinate(t, 'latitude').defaultTo(0);
  coordinate(t, 'longitude').defaultTo(0);
  t.string('active_hours', 4096).notNullable().defaultTo('[]');
  t.unique(['id', 'profile_no'], { indexName: 'profile_unique' });
}
