/**
 * Max battle enrichment (the boss variables shared with raids — name, form, moves, types, level — plus
 * levelName, gmax, station and the endTimestamp countdown) in English and per language/platform, and the
 * bundled maxbattle templates rendered from it on both platforms through a real DtsEngine over fallbacks/.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { View } from '../../../core/contract.ts';
import { DtsEngine } from '../../../core/dts/engine.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { layer } from '../../../core/pipeline/view.ts';
import { dtsTree, type DtsTree } from '../../fixtures/dts/tree.ts';
import { buildMaxBattlePlugin, hookContext, maxBattleHook, NOW_S, parsedBattle, type MaxBattlePlugin } from './support.ts';

async function viewFor(plugin: MaxBattlePlugin, hook: Record<string, unknown>, platform = 'discord', language = 'en'): Promise<View> {
  const event = parsedBattle(plugin, hook);
  const base = await plugin.enrich!(event, hookContext());
  return layer(base, plugin.enrichLanguage!(event, base, { language, platform }, hookContext()));
}

describe('max battle enrich', () => {
  let plugin: MaxBattlePlugin;
  before(async () => (plugin = await buildMaxBattlePlugin()));

  test('the boss, its moves and types, level, station and the countdown', async () => {
    const v = await viewFor(plugin, maxBattleHook());
    assert.equal(v.name, 'Snorlax');
    assert.equal(v.fullName, 'Snorlax');
    assert.equal(v.id, 143);
    assert.equal(v.level, 3);
    assert.equal(v.levelName, 'Level 3');
    assert.equal(v.gmax, false);
    assert.equal(v.quickMoveName, 'Tackle');
    assert.equal(v.chargeMoveName, 'Hyper Beam');
    assert.equal(v.quickMoveEmoji, '⚪');
    assert.equal(v.typeName, 'Normal');
    assert.equal(v.emojiString, '⚪');
    assert.match(String(v.color), /^#[0-9a-f]{6}$/i);
    assert.deepEqual(v.genderData, { name: 'Male', emoji: '♂️' });
    assert.equal(v.stationName, 'Rathausbrunnen');
    assert.equal(v.endTimestamp, NOW_S + 1800);
    assert.equal(v.startTimestamp, NOW_S - 600);
    assert.match(String(v.imgUrl), /^https:\/\/icons\.invalid\/uicons\/pokemon\/143/);
    assert.equal(v.battle_pokemon_bread_mode, 1, 'the webhook fields stay underneath');
  });

  test('Gigantamax level name; an unknown boss has no name and no image', async () => {
    assert.equal((await viewFor(plugin, maxBattleHook({ battle_pokemon_bread_mode: 2, battle_level: 6 }))).levelName, 'Gigantamax level 6');
    const unknown = await viewFor(plugin, maxBattleHook({ battle_pokemon_id: null, battle_pokemon_move_1: null, battle_pokemon_move_2: null }));
    assert.deepEqual([unknown.name, unknown.fullName, unknown.imgUrl, unknown.quickMoveName, unknown.emojiString], ['', '', '', '', '']);
  });

  test('the declared variables are the ones the view has', async () => {
    const v = await viewFor(plugin, maxBattleHook());
    for (const name of plugin.templateVariables!.maxbattle!) assert.ok(name in v, name);
  });
});

describe('max battle bundled templates', () => {
  let plugin: MaxBattlePlugin;
  let tree: DtsTree;
  let engine: DtsEngine;
  before(async () => {
    plugin = await buildMaxBattlePlugin();
    tree = dtsTree({
      'fallbacks/dts.json': readFileSync(new URL('../../../fallbacks/dts.json', import.meta.url), 'utf8'),
      'fallbacks/partials.json': readFileSync(new URL('../../../fallbacks/partials.json', import.meta.url), 'utf8'),
    });
    engine = await DtsEngine.load({ rootDir: tree.root, log: silentLogger(), defaultTemplateId: '1', fallbackLanguage: 'en' });
  });
  after(() => tree.remove());

  for (const platform of ['discord', 'telegram'] as const) {
    test(`renders on ${platform}`, async () => {
      const view = layer(await viewFor(plugin, maxBattleHook(), platform), { time: '12:30:00', tthh: 0, tthm: 30, tths: 0 });
      const body = engine.renderTemplate({ type: 'maxbattle', platform, language: 'en', id: null, view }).body as Record<string, unknown>;
      const text = JSON.stringify(body);
      assert.match(text, /Max battle: Snorlax \(Level 3\)/);
      assert.match(text, /Rathausbrunnen/);
      assert.match(text, /Tackle/);
      assert.match(text, /Hyper Beam/);
      if (platform === 'discord') assert.ok(text.includes(`<t:${NOW_S + 1800}:R>`), text);
      else assert.match(text, /Ends at 12:30:00 \(30m 0s left\)/);
      assert.ok(!/undefined|NaN|\[object Object\]/.test(text), text);
    });
  }
});
