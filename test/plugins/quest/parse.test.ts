/**
 * Parsing quest webhooks: our own fixtures (Golbat AR / non-AR, RDM-style, every reward type), malformed
 * payloads rejected with the field's name, and every quest sample in ../shared/reference/samples.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { questDedupeKey } from '../../../plugins/quest/index.ts';
import { buildPlugin, hookContext, NOW_S, parsed, questHook, reward, type QuestPlugin } from './support.ts';

const SAMPLES = new URL('../../../../shared/reference/samples/', import.meta.url);
const TESTDATA = new URL('../../../plugins/quest/testdata.json', import.meta.url);

function sampleQuests(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const name of ['testdata-js.json', 'testdata-ng.json']) {
    const file = new URL(name, SAMPLES);
    if (!existsSync(file)) continue;
    const entries = JSON.parse(readFileSync(file, 'utf8')) as { type: string; webhook: Record<string, unknown> }[];
    for (const e of entries) if (e.type === 'quest') out.push(e.webhook);
  }
  return out;
}

describe('quest parse', () => {
  let plugin: QuestPlugin;
  before(async () => (plugin = await buildPlugin()));

  test('a Golbat quest: stop, task, rewards, AR flag', () => {
    const event = parsed(plugin, questHook({ with_ar: true, conditions: [{ type: 1, info: { pokemon_type_ids: [11] } }] }));
    assert.equal(event.pokestopId, 'stop-1.16');
    assert.equal(event.stopName, 'Old Mill');
    assert.equal(event.stopUrl, 'https://photos.test/mill.jpg');
    assert.equal(event.questType, 4);
    assert.equal(event.target, 5);
    assert.equal(event.title, 'quest_catch_pokemon_plural');
    assert.equal(event.withAr, true);
    assert.deepEqual(event.conditions, [{ type: 1, info: { pokemon_type_ids: [11] } }]);
    assert.deepEqual(event.rewards.map((r) => [r.type, r.itemId, r.amount]), [[2, 1301, 3]]);
    assert.equal(event.seenAt, NOW_S);
  });

  test('every reward type keeps its fields; shiny as 0/1; info may be missing', () => {
    const event = parsed(
      plugin,
      questHook({
        rewards: [
          reward(1, { amount: 500 }),
          reward(3, { amount: 1000 }),
          reward(4, { pokemon_id: 25, amount: 3 }),
          reward(7, { pokemon_id: 25, form_id: 598, costume_id: 0, gender_id: 1, shiny: 1 }),
          reward(9, { pokemon_id: 6, amount: 1 }),
          reward(11, { sticker_id: 'sticker_1', amount: 2 }),
          reward(12, { pokemon_id: 6, amount: 25 }),
          { type: 8 },
        ],
      }),
    );
    assert.deepEqual(
      event.rewards.map((r) => [r.type, r.pokemonId, r.formId, r.amount, r.shiny]),
      [[1, 0, 0, 500, false], [3, 0, 0, 1000, false], [4, 25, 0, 3, false], [7, 25, 598, 0, true], [9, 6, 0, 1, false], [11, 0, 0, 2, false], [12, 6, 0, 25, false], [8, 0, 0, 0, false]],
    );
    assert.equal(event.rewards[5]!.stickerId, 'sticker_1');
  });

  test('rewards of every other type parse too: RDM level_cap, empty info (Golbat), unknown info fields ignored', () => {
    const others = [5, 6, 10, 13, 14, 15, 16, 17, 18, 19, 20, 21];
    const event = parsed(plugin, questHook({ rewards: others.map((type) => reward(type, type === 10 ? { level_cap: 50 } : { future_field: 'x', amount: 2 })) }));
    assert.deepEqual(event.rewards.map((r) => r.type), others);
    assert.equal(event.rewards[2]!.levelCap, 50);
    assert.ok(event.rewards.filter((r) => r.type !== 10).every((r) => r.amount === 2 && r.levelCap === 0));
  });

  test('older shapes: name/url, quest_task text, missing with_ar = not AR, time from now without updated', () => {
    const hook = questHook({ pokestop_name: undefined, pokestop_url: undefined, name: 'Fountain', url: 'https://x.test/f.jpg', quest_task: 'Spin 3 stops', with_ar: undefined, updated: undefined });
    const outcome = plugin.parse(hook, hookContext(NOW_S + 60));
    assert.ok(outcome.ok);
    assert.equal(outcome.event.stopName, 'Fountain');
    assert.equal(outcome.event.stopUrl, 'https://x.test/f.jpg');
    assert.equal(outcome.event.questTask, 'Spin 3 stops');
    assert.equal(outcome.event.withAr, false);
    assert.equal(outcome.event.seenAt, NOW_S + 60);
  });

  test('malformed payloads are rejected with a reason naming the field', () => {
    const reasons: [unknown, RegExp][] = [
      [null, /must be an object/],
      [questHook({ pokestop_id: undefined }), /pokestop_id/],
      [questHook({ latitude: 'north' }), /latitude/],
      [questHook({ rewards: 'stardust' }), /rewards must be an array/],
      [questHook({ rewards: [] }), /at least one reward/],
      [questHook({ rewards: [reward(2, { item_id: 'ball' })] }), /rewards\[0\].*item_id/],
      [questHook({ rewards: [{ info: {} }] }), /rewards\[0\].*type/],
      [questHook({ conditions: [{ info: {} }] }), /conditions\[0\]/],
      [questHook({ with_ar: 'yes' }), /with_ar/],
    ];
    for (const [hook, reason] of reasons) {
      const outcome = plugin.parse(hook, hookContext());
      assert.equal(outcome.ok, false, JSON.stringify(hook));
      if (!outcome.ok) assert.match(outcome.reason, reason);
    }
  });

  test('the AR and non-AR quest of one stop are different events; a repeat is the same', () => {
    const plain = parsed(plugin, questHook());
    const ar = parsed(plugin, questHook({ with_ar: true }));
    assert.notEqual(questDedupeKey(plain), questDedupeKey(ar));
    assert.equal(questDedupeKey(plain), questDedupeKey(parsed(plugin, questHook({ updated: NOW_S + 100 }))));
    assert.notEqual(questDedupeKey(plain), questDedupeKey(parsed(plugin, questHook({ rewards: [reward(3, { amount: 200 })] }))));
  });

  test('expires at the next local midnight of the stop', () => {
    const event = parsed(plugin, questHook({ latitude: 51.5072, longitude: -0.1276, updated: Date.UTC(2027, 0, 15, 10, 30) / 1000 }));
    assert.equal(plugin.expiresAt!(event), Date.UTC(2027, 0, 16, 0, 0));
    const berlin = parsed(plugin, questHook({ updated: Date.UTC(2027, 0, 15, 23, 30) / 1000 }));
    assert.equal(plugin.expiresAt!(berlin), Date.UTC(2027, 0, 16, 23, 0));
  });

  test('our test data parses', () => {
    const hooks = JSON.parse(readFileSync(TESTDATA, 'utf8')) as { type: string; webhook: Record<string, unknown> }[];
    assert.ok(hooks.length >= 4);
    for (const h of hooks) {
      assert.equal(h.type, 'quest');
      parsed(plugin, h.webhook);
    }
    assert.equal(plugin.testData?.kind, 'quest');
  });

  test('every quest sample of the reference parses', (t) => {
    const samples = sampleQuests();
    if (samples.length === 0) return t.skip('no samples (../shared absent)');
    for (const sample of samples) {
      const event = parsed(plugin, sample);
      assert.ok(event.rewards.length > 0);
    }
  });
});
