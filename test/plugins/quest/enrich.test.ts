/**
 * Quest enrichment: every variable the spec lists (stopName, questString, rewardString, with_ar, stopUrl)
 * plus the reward details and pictures, for every reward type; the texts translated per language from the
 * game data's translations; and the bundled quest templates rendered from a real event's view.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { View } from '../../../core/contract.ts';
import { DtsEngine } from '../../../core/dts/engine.ts';
import { buildGameData } from '../../../core/gamedata/game-data.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { dtsTree, type DtsTree } from '../../fixtures/dts/tree.ts';
import { buildPlugin, hookContext, parsed, questHook, reward, type QuestPlugin } from './support.ts';
import { SHIPPED } from '../../fixtures/dts/platforms.ts';

const MASTERFILE = JSON.parse(readFileSync(new URL('../../fixtures/gamedata/masterfile.json', import.meta.url), 'utf8')) as unknown;
const EN = JSON.parse(readFileSync(new URL('../../fixtures/gamedata/locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;

async function views(plugin: QuestPlugin, hook: Record<string, unknown>, language = 'en', platform = 'discord'): Promise<View> {
  const event = parsed(plugin, hook);
  const base = await plugin.enrich!(event, hookContext());
  return { ...base, ...plugin.enrichLanguage!(event, base, { language, platform }, hookContext()) };
}

describe('quest enrich', () => {
  let plugin: QuestPlugin;
  before(async () => (plugin = await buildPlugin()));

  test('the spec variables and the reward details', async () => {
    const view = await views(plugin, questHook({ with_ar: true }));
    assert.equal(view['stopName'], 'Old Mill');
    assert.equal(view['pokestopName'], 'Old Mill');
    assert.equal(view['stopUrl'], 'https://photos.test/mill.jpg');
    assert.equal(view['with_ar'], true);
    assert.equal(view['rewardString'], '3 Rare Candy');
    assert.equal(view['itemNames'], '3 Rare Candy');
    assert.equal(view['questType'], 4);
    assert.equal(view['questTarget'], 5);
    assert.equal(view['rewardType'], 2);
    assert.equal(view['rewardAmount'], 3);
    assert.equal(view['pokestop_id'], 'stop-1.16', 'webhook fields stay readable');
    assert.match(String(view['imgUrl']), /^https:\/\/icons\.invalid\/uicons\/reward\/item\/1301/);
    assert.match(String(view['stickerUrl']), /^https:\/\/stickers\.invalid\/uicons\/reward\/item\/1301/);
    assert.equal(view['imgUrlAlt'], '');
  });

  test('questString without translations: the quest type with the target, then the conditions', async () => {
    const view = await views(plugin, questHook({ title: '', conditions: [{ type: 1, info: { pokemon_type_ids: [11, 10] } }, { type: 8, info: { throw_type_id: 11 } }] }));
    assert.equal(view['questString'], 'Catch 5 Pokémon (Type: Water, Fire, Great Throw)');
    assert.equal(view['questStringEng'], 'Catch 5 Pokémon (Type: Water, Fire, Great Throw)');
    const unknown = await views(plugin, questHook({ title: '', type: 999 }));
    assert.equal(unknown['questString'], 'Quest 999');
    const task = await views(plugin, questHook({ title: '', quest_task: 'Spin 3 Pokéstops' }));
    assert.equal(task['questString'], 'Spin 3 Pokéstops');
  });

  test('rewardString for every reward type', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [reward(1, { amount: 500 }), '500 XP'],
      [reward(2, { item_id: 1, amount: 10 }), '10 Poké Ball'],
      [reward(3, { amount: 1500 }), '1500 Stardust'],
      [reward(4, { pokemon_id: 25, amount: 3 }), '3 Pikachu Candy'],
      [reward(7, { pokemon_id: 25 }), 'Pikachu'],
      [reward(7, { pokemon_id: 25, shiny: true }), 'Shiny Pikachu'],
      [reward(8, { amount: 5 }), '5 PokéCoins'],
      [reward(9, { pokemon_id: 6, amount: 1 }), '1 Charizard XL Candy'],
      [reward(11, { sticker_id: 's', amount: 2 }), 'Sticker ×2'],
      [reward(12, { pokemon_id: 6, amount: 25 }), '25 Charizard Mega Energy'],
      [reward(99, {}), 'Reward 99'],
    ];
    for (const [r, text] of cases) {
      const view = await views(plugin, questHook({ rewards: [r] }));
      assert.equal(view['rewardString'], text, JSON.stringify(r));
    }
    const several = await views(plugin, questHook({ rewards: [reward(3, { amount: 100 }), reward(7, { pokemon_id: 25 }), reward(12, { pokemon_id: 6, amount: 10 })] }));
    assert.equal(several['rewardString'], '100 Stardust, Pikachu, 10 Charizard Mega Energy');
    assert.equal(several['dustAmount'], 100);
    assert.equal(several['monsterNames'], 'Pikachu');
    assert.equal(several['energyMonstersNames'], '10 Charizard Mega Energy');
    assert.deepEqual(several['rewardTypes'], [3, 7, 12]);
  });

  test('pictures follow the first reward: pokemon, stardust, energy', async () => {
    const pokemon = await views(plugin, questHook({ rewards: [reward(7, { pokemon_id: 25 })] }));
    assert.match(String(pokemon['imgUrl']), /\/pokemon\/25/);
    const dust = await views(plugin, questHook({ rewards: [reward(3, { amount: 500 })] }));
    assert.match(String(dust['imgUrl']), /\/reward\/stardust\/500/);
    const energy = await views(plugin, questHook({ rewards: [reward(12, { pokemon_id: 6, amount: 10 })] }));
    assert.match(String(energy['imgUrl']), /\/reward\/mega_resource\/6/);
  });

  test('texts are translated from the game data: titles with the target, reward words and names', async () => {
    const gameData = buildGameData({
      masterfile: MASTERFILE,
      locales: {
        en: { ...EN, quest_title_quest_catch_pokemon_plural: 'Catch %{amount_0} Pokémon', quest_reward_3: 'Stardust' },
        de: { poke_25: 'Pikachu', item_1301: 'Sonderbonbon', quest_title_quest_catch_pokemon_plural: 'Fange %{amount_0} Pokémon', quest_reward_3: 'Sternenstaub' },
      },
    });
    const translated = await buildPlugin({}, gameData);
    const en = await views(translated, questHook());
    assert.equal(en['questString'], 'Catch 5 Pokémon');
    const de = await views(translated, questHook({ rewards: [reward(2, { item_id: 1301, amount: 3 }), reward(3, { amount: 200 })] }), 'de');
    assert.equal(de['questString'], 'Fange 5 Pokémon');
    assert.equal(de['rewardString'], '3 Sonderbonbon, 200 Sternenstaub');
    assert.equal(de['questStringEng'], 'Catch 5 Pokémon', 'the English text stays available');
  });
});

describe('quest templates: the bundled discord and telegram entries', () => {
  let tree: DtsTree;
  let engine: DtsEngine;
  let plugin: QuestPlugin;
  before(async () => {
    plugin = await buildPlugin();
    const read = (p: string): string => readFileSync(new URL(`../../../${p}`, import.meta.url), 'utf8');
    tree = dtsTree({ 'fallbacks/dts.json': read('fallbacks/dts.json'), 'fallbacks/partials.json': read('fallbacks/partials.json') });
    engine = await DtsEngine.load({ rootDir: tree.root, log: silentLogger(), ...SHIPPED, defaultTemplateId: '1', fallbackLanguage: 'en' });
  });
  after(() => tree.remove());

  for (const platform of ['discord', 'telegram'] as const) {
    test(`${platform}: renders the task, reward, stop and the AR note`, async () => {
      const view = await views(plugin, questHook({ with_ar: true, title: '' }), 'en', platform);
      const body = engine.renderTemplate({ type: 'quest', platform, language: 'en', id: null, view }).body;
      const text = JSON.stringify(body);
      for (const part of ['Catch 5 Pokémon', '3 Rare Candy', 'Old Mill', 'AR scan']) assert.ok(text.includes(part), `${platform} shows ${part}: ${text}`);
      const plain = await views(plugin, questHook({ with_ar: false, title: '' }), 'en', platform);
      const plainText = JSON.stringify(engine.renderTemplate({ type: 'quest', platform, language: 'en', id: null, view: plain }).body);
      assert.ok(!plainText.includes('AR scan'), 'no AR note for a non-AR quest');
    });
  }
});
