/**
 * Version 7 (= PoracleNG 000007 add_raid_costume): `raid.costume` int NOT NULL DEFAULT 9000
 * (9000 = any costume), added when missing.
 */
import { costume } from './columns.ts';
import { addColumnsIfMissing } from './helpers.ts';
import type { Migration } from './types.ts';

export const raidCostume: Migration = {
  version: 7,
  name: 'add_raid_costume',
  async up(knex) {
    await addColumnsIfMissing(knex, 'raid', [['costume', costume]]);
  },
};
