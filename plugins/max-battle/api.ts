/**
 * The `maxbattle` table in the HTTP API (type `maxbattle`, PoracleNG's): `pokemon_id` 9000 (by level, the
 * default) needs `level` ≥ 1, 90 = every level, one or a list → one rule per level; a boss is stored with
 * level 9000. `form` 0 (any), `move` and `evolution` 9000 (any), `gmax` 0/1, `station_id` ('' → null, any
 * station).
 */
import type { TrackingApiSpec } from '../../core/tracking/api-spec.ts';
import { bossOrLevels } from '../../core/tracking/api-fields.ts';
import { ALL_LEVELS, ANY } from './rule.ts';

/** PoracleNG checks only that a level is at least 1 (battle levels grow with the game). */
const LEVELS = { min: 1, all: ALL_LEVELS };

export const maxBattleApi: TrackingApiSpec = {
  type: 'maxbattle',
  draft(item) {
    const { pokemonId, levels } = bossOrLevels(item, ANY, LEVELS);
    const columns = {
      pokemon_id: pokemonId,
      form: item.int('form', 0, { min: 0 }),
      move: item.int('move', ANY, { min: 0 }),
      gmax: item.flag('gmax'),
      evolution: item.int('evolution', ANY, { min: 0 }),
      station_id: item.text('station_id', null)?.trim() || null,
    };
    return levels.map((level) => ({ ...columns, level }));
  },
};
