/**
 * Max battle enrichment (the boss variables shared with raids — name, form, moves, types and their emoji, base
 * stats, generation, level — plus
 * levelName, gmax, station and the endTimestamp countdown) in English and per language/platform, and the
 * bundled maxbattle templates rendered from it on both platforms through a real DtsEngine over fallbacks/.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { View } from '../../../core/contract.ts';
import { DtsEngine } from '../../../core/dts/engine.ts';
import { gameDataLookups } from '../../../core/dts/game-data-lookups.ts';
import { buildGameData } from '../../../core/gamedata/game-data.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { layer } from '../../../core/pipeline/view.ts';
import { REPO_ROOT, SHARED_GAMEDATA } from '../../core/gamedata/support.ts';
import { bundledDts, dtsTree, type DtsTree } from '../../fixtures/dts/tree.ts';
import { buildMaxBattlePlugin, fixtureGameData, hookContext, maxBattleHook, NOW_S, parsedBattle, type MaxBattlePlugin } from './support.ts';
import { SHIPPED_PLATFORMS } from '../../fixtures/dts/platforms.ts';

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

  test('the boss variables shared with raids: base stats, generation, type emoji, level and evolution names', async () => {
    const v = await viewFor(plugin, maxBattleHook());
    assert.deepEqual(v.baseStats, { baseAttack: 190, baseDefense: 169, baseStamina: 330 });
    assert.equal(v.generation, 1);
    assert.equal(v.generationName, 'Kanto');
    assert.equal(v.generationRoman, 'I');
    assert.equal(v.typeEmoji, '⚪');
    assert.equal(v.typeEmoji, v.emojiString);
    assert.equal(v.levelNameEng, 'Level 3');
    assert.equal(v.evolution, 0);
    assert.equal(v.evolutionName, '');
  });

  test('two types: typeEmoji and emojiString list both; a regional form takes its region\'s generation', async () => {
    const charizard = await viewFor(plugin, maxBattleHook({ battle_pokemon_id: 6, battle_pokemon_bread_mode: 2, battle_level: 6 }));
    assert.equal(charizard.typeName, 'Flying, Fire');
    assert.equal([...String(charizard.typeEmoji)].length > 1, true, String(charizard.typeEmoji));
    assert.equal(charizard.typeEmoji, charizard.emojiString);
    assert.equal(charizard.levelNameEng, 'Gigantamax level 6');
    const alolan = await viewFor(plugin, maxBattleHook({ battle_pokemon_id: 19, battle_pokemon_form: 46 }));
    assert.deepEqual([alolan.generation, alolan.generationName, alolan.generationRoman], [7, 'Alola', 'VII']);
    assert.deepEqual(alolan.types, [1, 17]);
  });

  test('the language layer names the generation in the recipient language', async () => {
    const de = await viewFor(plugin, maxBattleHook({ battle_pokemon_id: 6 }), 'discord', 'de');
    assert.equal(de.name, 'Glurak');
    assert.equal(de.generationName, 'Kanto');
    assert.equal(de.typeEmoji, de.emojiString);
  });

  test('while the boss is unknown the boss variables are empty', async () => {
    const unknown = await viewFor(plugin, maxBattleHook({ battle_pokemon_id: null, battle_pokemon_move_1: null, battle_pokemon_move_2: null }));
    assert.deepEqual(
      [unknown.baseStats, unknown.generation, unknown.generationName, unknown.generationRoman, unknown.typeEmoji, unknown.evolutionName],
      [null, 0, '', '', '', ''],
    );
    assert.equal(unknown.levelNameEng, 'Level 3');
  });

  test('not provided: cp (no CP in the webhook); not boosted while the cell\'s weather is unknown', async () => {
    const v = await viewFor(plugin, maxBattleHook());
    assert.ok(!('cp' in v));
    assert.equal(v.boosted, false);
    assert.ok(!plugin.templateVariables!.maxbattle!.includes('cp'));
  });

  test('the declared variables are the ones the view has', async () => {
    const v = await viewFor(plugin, maxBattleHook());
    for (const name of plugin.templateVariables!.maxbattle!) assert.ok(name in v, name);
  });
});

describe('max battle enrich with the real game data (../shared)', () => {
  const masterfile = join(SHARED_GAMEDATA, 'masterfile', 'master-latest-poracle.json');
  const samples = join(REPO_ROOT, '..', 'shared', 'reference', 'samples', 'testdata-ng.json');
  const skip = existsSync(masterfile) && existsSync(samples) ? false : 'no ../shared game data or samples';

  test('every max_battle sample gets base stats, generation and types from the masterfile', { skip }, async () => {
    const gameData = buildGameData({ masterfile: JSON.parse(readFileSync(masterfile, 'utf8')) as unknown });
    const plugin = await buildMaxBattlePlugin({}, gameData);
    const hooks = (JSON.parse(readFileSync(samples, 'utf8')) as { type: string; webhook: Record<string, unknown> }[]).filter((e) => e.type === 'max_battle');
    assert.ok(hooks.length >= 1);
    for (const { webhook } of hooks) {
      const v = await viewFor(plugin, webhook);
      const id = Number(webhook['battle_pokemon_id']);
      const info = gameData.pokemon(id, Number(webhook['battle_pokemon_form']));
      assert.deepEqual(v.baseStats, info.baseStats, `baseStats of ${id}`);
      assert.ok(Number(info.baseStats.baseAttack) > 0, `the masterfile knows ${id}`);
      assert.equal(v.generation, info.generation.id);
      assert.ok(Number(v.generation) >= 1 && String(v.generationRoman) !== '' && String(v.generationName) !== '', `generation of ${id}`);
      assert.ok(String(v.typeName) !== '', `types of ${id}`);
    }
  });
});

describe('max battle bundled templates', () => {
  let plugin: MaxBattlePlugin;
  let tree: DtsTree;
  let engine: DtsEngine;
  before(async () => {
    plugin = await buildMaxBattlePlugin();
    ({ tree, engine } = await bundledDts());
  });
  after(() => tree.remove());

  test('templates compute the catch CP from baseStats with the calculateCp helper', async () => {
    const gameData = await fixtureGameData();
    const custom = dtsTree({
      'fallbacks/dts.json': '[]',
      'config/dts.json': JSON.stringify([
        { id: 'cp', type: 'maxbattle', platform: 'discord', language: 'en', template: { content: '{{fullName}} {{generationRoman}} {{calculateCp baseStats 20 10 10 10}}-{{calculateCp baseStats 20 15 15 15}}' } },
      ]),
    });
    try {
      const cpEngine = await DtsEngine.load({ rootDir: custom.root, log: silentLogger(), platforms: SHIPPED_PLATFORMS, defaultTemplateId: 'cp', fallbackLanguage: 'en', lookups: gameDataLookups(gameData, { rootDir: custom.root, log: silentLogger() }) });
      const view = await viewFor(plugin, maxBattleHook());
      const body = cpEngine.renderTemplate({ type: 'maxbattle', platform: 'discord', language: 'en', id: 'cp', view }).body as Record<string, unknown>;
      const cp = (iv: number): number => Math.floor(((190 + iv) * Math.sqrt(169 + iv) * Math.sqrt(330 + iv) * 0.5974 ** 2) / 10);
      assert.equal(body['content'], `Snorlax I ${cp(10)}-${cp(15)}`);
    } finally {
      custom.remove();
    }
  });

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
