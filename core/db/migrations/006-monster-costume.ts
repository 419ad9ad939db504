/**
 * Version 6 (= PoracleNG 000006 add_monster_costume): `monsters.costume` int NOT NULL DEFAULT 9000
 * (9000 = any costume), added when missing. There is no version 5 (PoracleNG has none either).
 */
import { costume } from './columns.ts';
import { addColumnsIfMissing } from './helpers.ts';
import type { Migration } from './types.ts';

export const monsterCostume: Migration = {
  version: 6,
  name: 'add_monster_costume',
  async up(knex) {
    await addColumnsIfMissing(knex, 'monsters', [['costume', costume]]);
  },
};
