/**
 * Quest matching, table-driven over every column and sentinel of the `quest` table (reward type, reward id
 * and its 0 = any, stardust minimum, form, amount, shiny), the rule modes and one alert per human.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { TrackingRow } from '../../../core/model.ts';
import { human } from '../../helpers/humans.ts';
import { buildPlugin, matchContext, matchedUids, parsed, questHook, questRow, reward, snapshotWith, type QuestPlugin } from './support.ts';

const HUMANS = ['u1', 'u2', 'u3'].map((id) => human(id, { area: ['old town'] }));

interface Case {
  readonly name: string;
  readonly rewards: Record<string, unknown>[];
  readonly rule: Record<string, unknown>;
  readonly matches: boolean;
}

const CASES: Case[] = [
  { name: 'item: exact id', rewards: [reward(2, { item_id: 1301, amount: 3 })], rule: { reward_type: 2, reward: 1301 }, matches: true },
  { name: 'item: other id', rewards: [reward(2, { item_id: 1301, amount: 3 })], rule: { reward_type: 2, reward: 701 }, matches: false },
  { name: 'item: 0 = any item', rewards: [reward(2, { item_id: 1301, amount: 3 })], rule: { reward_type: 2, reward: 0 }, matches: true },
  { name: 'item: amount is a minimum (met)', rewards: [reward(2, { item_id: 1301, amount: 3 })], rule: { reward_type: 2, reward: 1301, amount: 3 }, matches: true },
  { name: 'item: amount is a minimum (not met)', rewards: [reward(2, { item_id: 1301, amount: 3 })], rule: { reward_type: 2, reward: 1301, amount: 4 }, matches: false },
  { name: 'other reward type never matches', rewards: [reward(2, { item_id: 1301, amount: 3 })], rule: { reward_type: 3, reward: 0 }, matches: false },
  { name: 'stardust: 0 = any amount', rewards: [reward(3, { amount: 200 })], rule: { reward_type: 3, reward: 0 }, matches: true },
  { name: 'stardust: reward is the minimum (met)', rewards: [reward(3, { amount: 1500 })], rule: { reward_type: 3, reward: 1000 }, matches: true },
  { name: 'stardust: reward is the minimum (not met)', rewards: [reward(3, { amount: 500 })], rule: { reward_type: 3, reward: 1000 }, matches: false },
  { name: 'pokemon: exact id, any form', rewards: [reward(7, { pokemon_id: 25, form_id: 598 })], rule: { reward_type: 7, reward: 25 }, matches: true },
  { name: 'pokemon: other id', rewards: [reward(7, { pokemon_id: 25 })], rule: { reward_type: 7, reward: 26 }, matches: false },
  { name: 'pokemon: form must match', rewards: [reward(7, { pokemon_id: 25, form_id: 598 })], rule: { reward_type: 7, reward: 25, form: 46 }, matches: false },
  { name: 'pokemon: same form', rewards: [reward(7, { pokemon_id: 25, form_id: 598 })], rule: { reward_type: 7, reward: 25, form: 598 }, matches: true },
  { name: 'pokemon: shiny rule needs a shiny reward', rewards: [reward(7, { pokemon_id: 25, shiny: false })], rule: { reward_type: 7, reward: 25, shiny: 1 }, matches: false },
  { name: 'pokemon: shiny rule, shiny reward', rewards: [reward(7, { pokemon_id: 25, shiny: true })], rule: { reward_type: 7, reward: 25, shiny: 1 }, matches: true },
  { name: 'pokemon: shiny NULL = either', rewards: [reward(7, { pokemon_id: 25 })], rule: { reward_type: 7, reward: 25, shiny: null }, matches: true },
  { name: 'pokemon: 0 = any', rewards: [reward(7, { pokemon_id: 150 })], rule: { reward_type: 7, reward: 0 }, matches: true },
  { name: 'candy: pokemon id', rewards: [reward(4, { pokemon_id: 25, amount: 3 })], rule: { reward_type: 4, reward: 25 }, matches: true },
  { name: 'candy: 0 = any pokemon', rewards: [reward(4, { pokemon_id: 25, amount: 3 })], rule: { reward_type: 4, reward: 0 }, matches: true },
  { name: 'candy: other pokemon', rewards: [reward(4, { pokemon_id: 25, amount: 3 })], rule: { reward_type: 4, reward: 6 }, matches: false },
  { name: 'energy: pokemon id and amount', rewards: [reward(12, { pokemon_id: 6, amount: 25 })], rule: { reward_type: 12, reward: 6, amount: 20 }, matches: true },
  { name: 'energy: too little', rewards: [reward(12, { pokemon_id: 6, amount: 10 })], rule: { reward_type: 12, reward: 6, amount: 20 }, matches: false },
  { name: 'energy: 0 = any pokemon', rewards: [reward(12, { pokemon_id: 9, amount: 10 })], rule: { reward_type: 12, reward: 0 }, matches: true },
  { name: 'XL candy: pokemon id', rewards: [reward(9, { pokemon_id: 6, amount: 1 })], rule: { reward_type: 9, reward: 6 }, matches: true },
  { name: 'XP: any amount', rewards: [reward(1, { amount: 500 })], rule: { reward_type: 1, reward: 0 }, matches: true },
  { name: 'XP: amount is a minimum (not met)', rewards: [reward(1, { amount: 500 })], rule: { reward_type: 1, reward: 0, amount: 1000 }, matches: false },
  { name: 'pokecoins: amount is a minimum (met)', rewards: [reward(8, { amount: 5 })], rule: { reward_type: 8, reward: 0, amount: 5 }, matches: true },
  { name: 'sticker: any sticker', rewards: [reward(11, { sticker_id: 'sticker_1', amount: 2 })], rule: { reward_type: 11, reward: 0 }, matches: true },
  { name: 'level cap: the type alone (no details from Golbat)', rewards: [reward(10, {})], rule: { reward_type: 10, reward: 0 }, matches: true },
  { name: 'any reward of several', rewards: [reward(1, { amount: 500 }), reward(3, { amount: 100 })], rule: { reward_type: 3, reward: 0 }, matches: true },
];

describe('quest match: filters and sentinels', () => {
  let plugin: QuestPlugin;
  before(async () => (plugin = await buildPlugin()));

  for (const c of CASES) {
    test(c.name, () => {
      const rule = questRow('u1', c.rule);
      const uids = matchedUids(plugin, snapshotWith(plugin, HUMANS, [rule]), questHook({ rewards: c.rewards }), ['Old Town']);
      assert.deepEqual(uids, c.matches ? [rule.uid] : []);
    });
  }
});

describe('quest match: rule modes and recipients', () => {
  let plugin: QuestPlugin;
  before(async () => (plugin = await buildPlugin()));

  const uids = (rows: TrackingRow[], areas: string[], humans = HUMANS): number[] => matchedUids(plugin, snapshotWith(plugin, humans, rows), questHook(), areas);

  test('area mode: the human areas, or the rule override', () => {
    const inArea = questRow('u1');
    const override = questRow('u2', { override_areas: JSON.stringify(['new town']) });
    assert.deepEqual(uids([inArea, override], ['Old Town']), [inArea.uid]);
    assert.deepEqual(uids([inArea, override], ['New Town']), [override.uid]);
    assert.deepEqual(uids([inArea, override], []), []);
  });

  test('distance mode: from the human location, or a saved location', () => {
    const near = human('u1', { latitude: 48.1365, longitude: 11.573 });
    const far = human('u2', { latitude: 48.2, longitude: 11.6 });
    const fromSaved = human('u3', { latitude: 0, longitude: 0 });
    const rows = [questRow('u1', { distance: 500 }), questRow('u2', { distance: 500 }), questRow('u3', { distance: 500, override_location_label: 'Work' })];
    const snapshot = snapshotWith(plugin, [near, far, fromSaved], rows, [{ uid: 1, humanId: 'u3', label: 'Work', latitude: 48.137, longitude: 11.572 }]);
    assert.deepEqual(matchedUids(plugin, snapshot, questHook(), []), [rows[0]!.uid, rows[2]!.uid]);
  });

  test('one alert per human, rendered as quest', () => {
    const a = questRow('u1', { reward_type: 2, reward: 1301 });
    const b = questRow('u1', { reward_type: 2, reward: 0 });
    const snapshot = snapshotWith(plugin, HUMANS, [a, b]);
    const matches = plugin.match(parsed(plugin, questHook()), snapshot, snapshot.index(plugin.name), matchContext(['Old Town']));
    assert.equal(matches.length, 1);
    assert.equal(matches[0]!.alertType, 'quest');
    assert.equal(matches[0]!.table, 'quest');
  });
});
