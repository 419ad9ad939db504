/**
 * Version 8 (= PoracleNG 000008 drop_tracking_unique_keys): drops the unique keys `invasion_tracking`
 * (invasion) and `lure_tracking` (lures), each only when present — with per-rule overrides two rules may share
 * those columns. `weather_tracking` stays.
 */
import { dropIndexIfPresent } from './helpers.ts';
import type { Migration } from './types.ts';

const DROPPED: readonly (readonly [string, string])[] = [
  ['invasion', 'invasion_tracking'],
  ['lures', 'lure_tracking'],
];

export const dropTrackingUniqueKeys: Migration = {
  version: 8,
  name: 'drop_tracking_unique_keys',
  async up(knex, dialect) {
    for (const [table, index] of DROPPED) await dropIndexIfPresent(knex, dialect, table, index);
  },
};
