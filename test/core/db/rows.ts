/**
 * Minimal valid rows for every tracking table (all NOT NULL columns without a default filled in).
 */
import type { TrackingTable } from '../../../core/db/tables.ts';

const REQUIRED: Record<TrackingTable, Record<string, unknown>> = {
  monsters: { ping: '', pokemon_id: 1, distance: 0, min_iv: -1, max_iv: 100, min_cp: 0, max_cp: 9000, min_level: 0, max_level: 55, atk: 0, def: 0, sta: 0,
    min_weight: 0, max_weight: 9000000, form: 0, max_atk: 15, max_def: 15, max_sta: 15, gender: 0 },
  raid: { ping: '', pokemon_id: 9000, distance: 0, team: 4, level: 5, form: 0 },
  egg: { ping: '', distance: 0, team: 4, level: 5 },
  quest: { ping: '', reward: 0, reward_type: 2, distance: 0 },
  invasion: { ping: '', distance: 0, gender: 0, grunt_type: 'everything' },
  weather: { ping: '', template: 1, condition: 0, cell: '1' },
  lures: { ping: '', distance: 0, lure_id: 0 },
  gym: { ping: '', distance: 0, template: '', team: 4, slot_changes: 0 },
  nests: { ping: '', distance: 0, pokemon_id: 0, min_spawn_avg: 0, form: 0 },
  maxbattle: { ping: '', template: '' },
  forts: { ping: '', distance: 0, template: '' },
};

export function trackingRow(table: TrackingTable, id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, ...REQUIRED[table], ...extra };
}
