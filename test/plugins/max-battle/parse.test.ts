/**
 * Golbat `max_battle` webhooks → events: our fixtures, every max_battle sample of ../shared (skipped cleanly
 * without), Gigantamax from the bread mode, stations without a battle skipped, malformed payloads refused.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { TestWebhook } from '../../../core/contract.ts';
import { REPO_ROOT } from '../../core/gamedata/support.ts';
import { buildMaxBattlePlugin, hookContext, maxBattleHook, NOW_S, parsedBattle, type MaxBattlePlugin } from './support.ts';

const SAMPLES_DIR = join(REPO_ROOT, '..', 'shared', 'reference', 'samples');

function sharedSamples(): TestWebhook[] {
  return ['testdata-js.json', 'testdata-ng.json']
    .map((file) => join(SAMPLES_DIR, file))
    .filter((file) => existsSync(file))
    .flatMap((file) => JSON.parse(readFileSync(file, 'utf8')) as TestWebhook[])
    .filter((sample) => sample.type === 'max_battle');
}

describe('max battle parse', () => {
  let plugin: MaxBattlePlugin;
  before(async () => (plugin = await buildMaxBattlePlugin()));

  test('a Golbat max_battle webhook', () => {
    const e = parsedBattle(plugin, maxBattleHook());
    assert.deepEqual([e.stationId, e.stationName, e.latitude, e.longitude], ['a1b2c3d4e5f6.16', 'Rathausbrunnen', 48.1374, 11.5755]);
    assert.deepEqual([e.level, e.pokemonId, e.form, e.gender, e.breadMode, e.gmax, e.move1, e.move2], [3, 143, 0, 1, 1, false, 221, 14]);
    assert.deepEqual([e.battleStart, e.battleEnd, e.totalStationed], [NOW_S - 600, NOW_S + 1800, 2]);
    assert.equal(plugin.expiresAt!(e), (NOW_S + 1800) * 1000);
    assert.deepEqual(plugin.locate!(e), { latitude: 48.1374, longitude: 11.5755 });
    assert.equal(plugin.dedupeKey!(e), plugin.dedupeKey!(parsedBattle(plugin, maxBattleHook({ updated: NOW_S }))), 'an update of the same battle is a repeat');
    assert.notEqual(plugin.dedupeKey!(e), plugin.dedupeKey!(parsedBattle(plugin, maxBattleHook({ battle_end: NOW_S + 9000 }))));
  });

  test('Gigantamax: bread mode 2, or bread mode 0 above level 6', () => {
    assert.equal(parsedBattle(plugin, maxBattleHook({ battle_pokemon_bread_mode: 2 })).gmax, true);
    assert.equal(parsedBattle(plugin, maxBattleHook({ battle_pokemon_bread_mode: 0, battle_level: 7 })).gmax, true);
    assert.equal(parsedBattle(plugin, maxBattleHook({ battle_pokemon_bread_mode: 0, battle_level: 6 })).gmax, false);
  });

  test('an unknown boss parses with pokemon 0; a missing battle end falls back to the station end', () => {
    const e = parsedBattle(plugin, maxBattleHook({ battle_pokemon_id: null, battle_end: null }));
    assert.equal(e.pokemonId, 0);
    assert.equal(e.battleEnd, NOW_S + 3000);
  });

  test('a station without a battle is skipped; malformed payloads are refused with the field named', () => {
    for (const hook of [maxBattleHook({ battle_level: null }), maxBattleHook({ is_battle_available: false })]) {
      const outcome = plugin.parse(hook, hookContext());
      assert.ok(!outcome.ok && outcome.skip === true);
    }
    const reasons = [
      plugin.parse(42, hookContext()),
      plugin.parse(maxBattleHook({ id: '' }), hookContext()),
      plugin.parse(maxBattleHook({ latitude: 'north' }), hookContext()),
      plugin.parse(maxBattleHook({ battle_pokemon_id: -1 }), hookContext()),
      plugin.parse(maxBattleHook({ battle_level: 'high' }), hookContext()),
    ].map((o) => (o.ok ? 'ok' : `${o.skip ? 'skip:' : ''}${o.reason}`));
    assert.match(reasons[0]!, /must be an object/);
    assert.match(reasons[1]!, /^id /);
    assert.match(reasons[2]!, /^latitude/);
    assert.match(reasons[3]!, /^battle_pokemon_id/);
    assert.match(reasons[4]!, /^battle_level/);
  });

  test('our service-test samples parse', () => {
    assert.equal(plugin.testData?.kind, 'max-battle');
    for (const sample of plugin.testData!.webhooks) {
      assert.equal(sample.type, 'max_battle');
      assert.ok(plugin.parse(sample.webhook, hookContext()).ok, sample.test);
    }
  });

  test('every max_battle sample of ../shared parses', { skip: existsSync(SAMPLES_DIR) ? false : 'no ../shared samples' }, () => {
    const samples = sharedSamples();
    assert.ok(samples.length >= 1);
    for (const sample of samples) {
      const outcome = plugin.parse(sample.webhook, hookContext());
      assert.ok(outcome.ok, `${sample.test}: ${outcome.ok ? '' : outcome.reason}`);
      assert.ok(outcome.event.level >= 1 && outcome.event.pokemonId > 0);
    }
  });
});
