/**
 * The `monsters` table in the HTTP API (type `pokemon`, alias `monster`): `pokemon_id` is required (0 = every
 * species; missing → "Pokemon id must be specified"), every filter column defaults to its "no filter" value
 * (defaults.ts), each is checked against its range and every lower bound against its upper one. `costume`
 * defaults to 9000 (any, as PoracleNG). A POST may change min_iv, distance, template or clean in place.
 */
import type { TrackingApiSpec } from '../../core/tracking/api-spec.ts';
import type { IntRange, ApiItem } from '../../core/tracking/api-item.ts';
import { UPDATABLE_COLUMNS } from './commands/columns.ts';
import { LEAGUE_CP } from './commands/pvp-args.ts';
import { FILTER_DEFAULTS as D } from './defaults.ts';

type Column = keyof typeof D;

/** costume: any */
const ANY_COSTUME = 9000;
/** gender: 0 any, 1 male, 2 female, 3 genderless */
const GENDERS: IntRange = { min: D.gender, max: 3 };
const LEAGUES: readonly number[] = [D.pvp_ranking_league, ...Object.values(LEAGUE_CP)].sort((a, b) => a - b);

/** Lower and upper bound columns with the values both accept. */
const RANGES: readonly (readonly [Column, Column, IntRange])[] = [
  ['min_iv', 'max_iv', { min: D.min_iv, max: D.max_iv }],
  ['min_cp', 'max_cp', { min: D.min_cp }],
  ['min_level', 'max_level', { min: D.min_level }],
  ['atk', 'max_atk', { min: D.atk, max: D.max_atk }],
  ['def', 'max_def', { min: D.def, max: D.max_def }],
  ['sta', 'max_sta', { min: D.sta, max: D.max_sta }],
  ['min_weight', 'max_weight', { min: D.min_weight }],
  ['size', 'max_size', { min: D.size, max: D.max_size }],
  ['rarity', 'max_rarity', { min: D.rarity, max: D.max_rarity }],
  ['pvp_ranking_best', 'pvp_ranking_worst', { min: D.pvp_ranking_best, max: D.pvp_ranking_worst }],
];

/**
 * Columns a client may send back that this API does not set: `verified_only` (an upstream PoracleJS
 * migration some databases have; nothing reads it) and PoracleNG's `pvp_ranking_evolution` (no such column here).
 */
const UNUSED = ['verified_only', 'pvp_ranking_evolution'];

function rangeColumns(item: ApiItem, into: Record<string, number>): void {
  for (const [low, high, range] of RANGES) {
    into[low] = item.int(low, D[low], range);
    into[high] = item.int(high, D[high], range);
    if (into[low]! > into[high]!) item.refuse(low, `${low} (${into[low]}) must not be above ${high} (${into[high]})`);
  }
}

export const monsterApi: TrackingApiSpec = {
  type: 'pokemon',
  aliases: ['monster'],
  updatable: [...UPDATABLE_COLUMNS],
  draft(item) {
    if (!item.has('pokemon_id')) item.refuse('pokemon_id', 'Pokemon id must be specified');
    const row: Record<string, number> = {
      pokemon_id: item.int('pokemon_id', 0, { min: 0 }),
      form: item.int('form', 0, { min: 0 }),
      costume: item.int('costume', ANY_COSTUME, { min: 0 }),
      gender: item.int('gender', D.gender, GENDERS),
      min_time: item.int('min_time', D.min_time, { min: 0 }),
      pvp_ranking_league: item.oneOf('pvp_ranking_league', LEAGUES, D.pvp_ranking_league, `${LEAGUES.join(', ')} (0 = no PVP filter)`),
      pvp_ranking_min_cp: item.int('pvp_ranking_min_cp', D.pvp_ranking_min_cp, { min: 0 }),
    };
    rangeColumns(item, row);
    // a cap the config no longer ranks for is kept (a client sends back what it read); it simply never matches
    row.pvp_ranking_cap = item.int('pvp_ranking_cap', D.pvp_ranking_cap, { min: 0 });
    item.ignore(...UNUSED);
    return [row];
  },
};
