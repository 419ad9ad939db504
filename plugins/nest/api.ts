import type { TrackingApiSpec } from '../../core/tracking/api-spec.ts';
/**
 * The `nests` table in the HTTP API (type `nest`): `pokemon_id` 0 (any nesting species), `form` 0 (any form)
 * and `min_spawn_avg` 0 (no minimum of spawns per hour), each a whole number of at least 0. PoracleJS turned a
 * missing `pokemon_id` into NaN; like PoracleNG it is 0 here.
 */

/** pokemon_id / form 0: any */
const ANY = 0;

export const nestApi: TrackingApiSpec = {
  type: 'nest',
  draft: (item) => [
    {
      pokemon_id: item.int('pokemon_id', ANY, { min: 0 }),
      min_spawn_avg: item.int('min_spawn_avg', 0, { min: 0 }),
      form: item.int('form', ANY, { min: 0 }),
    },
  ],
};
