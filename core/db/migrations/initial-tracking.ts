/**
 * Version 1, part two: the ten tracking tables of the initial schema, column for column as the previous
 * generation left them (PoracleJS 4.8.3 + rsvp_changes = PoracleNG 000001). No foreign keys.
 */
import type { Knex } from 'knex';
import { flag, int, intDefault, profileNo, rsvpChanges, str, textNullable, textRequired, uid } from './columns.ts';

type Table = Knex.CreateTableBuilder;

function monsters(t: Table): void {
  str(t, 'id');
  textRequired(t, 'ping');
  flag(t, 'clean', false);
  int(t, 'pokemon_id', 'distance', 'min_iv', 'max_iv', 'min_cp', 'max_cp', 'min_level', 'max_level', 'atk', 'def', 'sta');
  textNullable(t, 'template');
  int(t, 'min_weight', 'max_weight', 'form', 'max_atk', 'max_def', 'max_sta', 'gender');
  uid(t);
  profileNo(t);
  intDefault(t, 'min_time', 0);
  intDefault(t, 'rarity', -1);
  intDefault(t, 'max_rarity', 6);
  intDefault(t, 'pvp_ranking_worst', 4096);
  intDefault(t, 'pvp_ranking_best', 1);
  intDefault(t, 'pvp_ranking_min_cp', 1);
  intDefault(t, 'pvp_ranking_league', 0);
  intDefault(t, 'pvp_ranking_cap', 0);
  intDefault(t, 'size', -1);
  intDefault(t, 'max_size', 5);
  t.index(['pvp_ranking_league', 'pokemon_id', 'min_iv'], 'monsters_pvp_ranking_league_pokemon_id_min_iv_index');
  t.index(['pvp_ranking_league', 'pokemon_id', 'pvp_ranking_worst'], 'monsters_pvp_ranking_league_pokemon_id_pvp_ranking_worst_index');
}

function raid(t: Table): void {
  str(t, 'id');
  textRequired(t, 'ping');
  flag(t, 'clean', false);
  int(t, 'pokemon_id');
  t.boolean('exclusive').nullable().defaultTo(false);
  textNullable(t, 'template');
  int(t, 'distance', 'team', 'level', 'form');
  uid(t);
  profileNo(t);
  intDefault(t, 'move', 9000);
  intDefault(t, 'evolution', 9000);
  t.string('gym_id', 255).nullable();
  rsvpChanges(t);
}

function egg(t: Table): void {
  str(t, 'id');
  textRequired(t, 'ping');
  flag(t, 'clean', false);
  t.boolean('exclusive').nullable().defaultTo(false);
  textNullable(t, 'template');
  int(t, 'distance', 'team', 'level');
  uid(t);
  profileNo(t);
  t.string('gym_id', 255).nullable();
  rsvpChanges(t);
}

function quest(t: Table): void {
  str(t, 'id');
  textRequired(t, 'ping');
  flag(t, 'clean', false);
  int(t, 'reward');
  textNullable(t, 'template');
  t.boolean('shiny').nullable().defaultTo(false);
  int(t, 'reward_type', 'distance');
  uid(t);
  profileNo(t);
  intDefault(t, 'form', 0);
  intDefault(t, 'amount', 0);
}

function invasion(t: Table): void {
  str(t, 'id', 'ping');
  flag(t, 'clean', false);
  int(t, 'distance');
  textNullable(t, 'template');
  int(t, 'gender');
  str(t, 'grunt_type');
  uid(t);
  profileNo(t);
  t.unique(['id', 'profile_no', 'gender', 'grunt_type'], { indexName: 'invasion_tracking' });
}

/** uid, id, profile_no, ping varchar, clean, distance, template — the head the later tables share. */
function trackingHead(t: Table, withClean: boolean): void {
  uid(t);
  str(t, 'id');
  profileNo(t);
  str(t, 'ping');
  if (withClean) flag(t, 'clean', false);
  int(t, 'distance');
}

function lures(t: Table): void {
  trackingHead(t, true);
  textNullable(t, 'template');
  int(t, 'lure_id');
  t.unique(['id', 'profile_no', 'lure_id'], { indexName: 'lure_tracking' });
}

function nests(t: Table): void {
  trackingHead(t, true);
  textNullable(t, 'template');
  int(t, 'pokemon_id', 'min_spawn_avg', 'form');
}

function gym(t: Table): void {
  trackingHead(t, true);
  textRequired(t, 'template');
  int(t, 'team');
  t.boolean('slot_changes').notNullable();
  t.string('gym_id', 255).nullable();
  flag(t, 'battle_changes', false);
}

function forts(t: Table): void {
  trackingHead(t, false);
  textRequired(t, 'template');
  t.string('fort_type', 255).notNullable().defaultTo('everything');
  flag(t, 'include_empty', true);
  t.string('change_types', 255).notNullable().defaultTo('[]');
}

function weather(t: Table): void {
  str(t, 'id');
  textRequired(t, 'ping');
  int(t, 'template');
  flag(t, 'clean', false);
  int(t, 'condition');
  str(t, 'cell');
  uid(t);
  profileNo(t);
  t.unique(['id', 'profile_no', 'condition', 'cell'], { indexName: 'weather_tracking' });
}

/** Builders by table name, in the order version 1 creates them. */
export const INITIAL_TRACKING_TABLES: readonly (readonly [string, (t: Table) => void])[] = [
  ['monsters', monsters],
  ['raid', raid],
  ['egg', egg],
  ['quest', quest],
  ['invasion', invasion],
  ['lures', lures],
  ['nests', nests],
  ['gym', gym],
  ['forts', forts],
  ['weather', weather],
];
