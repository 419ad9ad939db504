import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { View } from '../../../core/contract.ts';
import { layer } from '../../../core/pipeline/view.ts';
import { buildPlugin, hookContext, parsed, pokemonHook, unencounteredHook, type MonsterPlugin } from './support.ts';
import { monsterApi } from '../../../plugins/monster/api.ts';
import { readMonsterRule } from '../../../plugins/monster/rule.ts';

const PVP = {
  great: [
    { pokemon: 26, cap: 50, capped: true, level: 21.5, cp: 1496, percentage: 0.98765, rank: 3 },
    { pokemon: 25, cap: 50, capped: true, level: 50, cp: 1100, percentage: 0.9, rank: 20 },
  ],
  ultra: [{ pokemon: 26, cap: 40, level: 40, cp: 2380, percentage: 0.95, rank: 7 }],
  little: [{ pokemon: 25, cap: 50, level: 9, cp: 498, percentage: 0.99, rank: 2 }],
};

async function viewFor(plugin: MonsterPlugin, hook: Record<string, unknown>, language = 'en', platform = 'discord'): Promise<View> {
  const event = parsed(plugin, hook);
  const base = await plugin.enrich!(event, hookContext());
  return layer(base, plugin.enrichLanguage!(event, base, { language, platform }, hookContext()));
}

describe('monster enrich', () => {
  let plugin: MonsterPlugin;
  before(async () => (plugin = await buildPlugin()));

  test('identity, IV and its colour, moves, types and look', async () => {
    const v = await viewFor(plugin, pokemonHook({ weather: 3 }));
    assert.equal(v.name, 'Pikachu');
    assert.equal(v.fullName, 'Pikachu');
    assert.equal(v.id, 25);
    assert.equal(v.generation, 1);
    assert.equal(v.generationName, 'Kanto');
    assert.equal(v.generationRoman, 'I');
    assert.match(String(v.color), /^#[0-9a-f]{6}$/i);
    assert.equal(v.iv, 93.33);
    assert.equal(v.ivColor, '#A335EE');
    assert.deepEqual([v.atk, v.def, v.sta, v.cp, v.level], [15, 14, 13, 500, 20]);
    assert.equal(v.weight, '6.50');
    assert.equal(v.quickMoveName, 'Tackle');
    assert.equal(v.chargeMoveName, 'Hyper Beam');
    assert.equal(v.quickMoveEmoji, '⚪');
    assert.equal(v.typeName, 'Electric');
    assert.equal(v.emojiString, '⚡');
    assert.equal(v.typeEmoji, '⚡');
    assert.deepEqual(v.genderData, { name: 'Male', emoji: '♂️' });
    assert.equal(v.sizeName, 'M');
    assert.equal(v.boosted, true);
    assert.equal(v.boostWeatherName, 'Partly Cloudy');
    assert.equal(v.boostWeatherEmoji, '⛅');
    assert.equal(v.seenType, 'encounter');
    assert.equal(v.confirmedTime, true);
    assert.deepEqual(v.baseStats, { baseAttack: 112, baseDefense: 96, baseStamina: 111 });
    assert.equal(typeof v.despawnTimestamp, 'number');
    // the webhook's own fields stay readable underneath
    assert.equal(v.spawnpoint_id, '47ded985e71');
    assert.equal(v.individual_attack, 15);
  });

  test('PVP lists and bests within the [pvp] display bounds', async () => {
    const v = await viewFor(plugin, pokemonHook({ pvp: PVP }));
    const great = v.pvpGreat as { rank: number; fullName: string; cp: number; percentage: number; levelWithCap: string }[];
    assert.deepEqual(great.map((r) => [r.rank, r.fullName, r.cp, r.percentage]), [[3, 'Raichu', 1496, 98.77]]); // rank 20 is over display_max_rank 10
    assert.equal(v.bestGreatLeagueRank, 3);
    assert.equal(v.bestGreatLeagueRankCP, 1496);
    assert.equal((v.pvpGreatBest as { rank: number }).rank, 3);
    assert.deepEqual(v.pvpUltra, [], 'a rank for level cap 40 is not shown while level_caps is [50]');
    const twoCaps = await viewFor(await buildPlugin({ pvp: { level_caps: [40, 50] } }), pokemonHook({ pvp: PVP }));
    assert.equal((twoCaps.pvpUltra as { levelWithCap: string }[])[0]?.levelWithCap, '40 (L40)');
    assert.equal(v.bestLittleLeagueRank, 2);
    assert.equal(v.pvpAvailable, true);
    const none = await viewFor(plugin, pokemonHook());
    assert.equal(none.pvpAvailable, false);
    assert.deepEqual(none.pvpGreat, []);
    assert.equal(none.bestGreatLeagueRank, '');
  });

  test('names follow the recipient language, with an English fallback per key', async () => {
    const v = await viewFor(plugin, pokemonHook({ pvp: PVP }), 'de');
    assert.equal(v.chargeMoveName, 'Hyperstrahl');
    assert.equal(v.chargeMoveNameEng, 'Hyper Beam');
    assert.equal(v.nameEng, 'Pikachu');
    assert.equal((v.pvpGreat as { fullName: string }[])[0]?.fullName, 'Raichu');
    assert.equal(v.typeName, 'Elektro');
  });

  test('monsterNoIv: encounter values empty, disguise and stop sightings named', async () => {
    const v = await viewFor(plugin, unencounteredHook({ pokemon_id: 132, display_pokemon_id: 25, seen_type: 'nearby_stop', pokestop_name: 'Fountain' }));
    assert.equal(v.iv, '');
    assert.equal(v.cp, '');
    assert.equal(v.quickMoveName, '');
    assert.equal(v.disguiseCreatureName, 'Pikachu');
    assert.equal(v.seenType, 'pokestop');
    assert.equal(v.pokestopName, 'Fountain');
  });

  test('catch rates in percent when the scanner sends them, empty otherwise', async () => {
    const v = await viewFor(plugin, pokemonHook({ capture_1: 0.12345, capture_2: 0.2, capture_3: 0.3 }));
    assert.deepEqual([v.catchBase, v.catchGreat, v.catchUltra], ['12.35', '20.00', '30.00']);
    const none = await viewFor(plugin, pokemonHook());
    assert.equal(none.catchBase, '');
  });

  test('declares its switch, table, test data and variables', () => {
    assert.deepEqual(plugin.disableSwitches, [{ key: 'disable_creature', clientNames: ['pokemon'] }]);
    assert.deepEqual(plugin.trackingTables, [{ table: 'monsters', blockKind: 'monster', title: 'Pokemon', order: 10, read: readMonsterRule, api: monsterApi }]);
    assert.equal(plugin.testData?.kind, 'creature');
    for (const sample of plugin.testData!.webhooks) assert.ok(plugin.parse(sample.webhook, hookContext()).ok, sample.test);
    for (const name of ['iv', 'ivColor', 'pvpGreat', 'despawnTimestamp']) assert.ok(plugin.templateVariables?.monster?.includes(name), name);
  });
});
