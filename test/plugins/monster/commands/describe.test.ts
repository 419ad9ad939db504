/**
 * `describeRule` for `monsters` rows, through the plugin: only the parts that differ from the defaults.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { DescribeContext } from '../../../../core/contract.ts';
import { describeOverride } from '../../../../plugins/monster/commands/describe.ts';
import { buildPlugin, fixtureGameData, monsterRow, type MonsterPlugin } from '../support.ts';
import { fill } from './support.ts';

let plugin: MonsterPlugin;
let ctx: DescribeContext;

before(async () => {
  plugin = await buildPlugin();
  ctx = { language: 'en', gameData: await fixtureGameData(), t: fill };
});

const describe = (overrides: Record<string, unknown>): string => plugin.describeRule!('monsters', monsterRow('u1', overrides), ctx);

test('a plain rule is just the name; pokemon 0 is every pokemon; the form follows the name', () => {
  assert.equal(describe({}), '**Pikachu**');
  assert.equal(describe({ pokemon_id: 0 }), '**All pokemon**');
  assert.equal(describe({ pokemon_id: 19, form: 46 }), '**Rattata** Alola');
});

test('every part that differs from its default, in order', () => {
  const line = describe({
    distance: 500,
    min_iv: 90,
    min_cp: 10,
    max_cp: 2000,
    min_level: 20,
    atk: 15,
    def: 14,
    max_sta: 10,
    min_weight: 1500,
    pvp_ranking_league: 1500,
    pvp_ranking_worst: 5,
    pvp_ranking_min_cp: 1400,
    pvp_ranking_cap: 50,
    size: 1,
    max_size: 2,
    rarity: 3,
    max_rarity: 3,
    gender: 2,
    min_time: 60,
    template: '2',
    clean: 1,
  });
  assert.equal(
    line,
    '**Pikachu** | distance: 500m | iv: 90%-100% | cp: 10-2000 | level: 20-55 | stats: 15/14/0 - 15/15/10 | weight: 1.5kg-9000kg' +
      ' | pvp ranking: great top5 (@1400+ level cap: 50) | size: XXS-XS | rarity: Rare | gender: ♀ | minimum time: 60s | template: 2 | clean',
  );
});

test('pvp with a best rank, no min cp and no cap', () => {
  assert.equal(describe({ pvp_ranking_league: 2500, pvp_ranking_best: 2, pvp_ranking_worst: 8 }), '**Pikachu** | pvp ranking: ultra 2-8');
});

test('other tables are not the monster plugin\'s', () => {
  assert.equal(plugin.describeRule!('raid', monsterRow('u1'), ctx), '');
});

test('overrides: @ label, or in areas', () => {
  assert.equal(describeOverride(monsterRow('u1', { distance: 500, override_location_label: 'Home' })), ' @ Home');
  assert.equal(describeOverride(monsterRow('u1', { override_areas: '["downtown","old town"]' })), ' in downtown, old town');
  assert.equal(describeOverride(monsterRow('u1')), '');
});
