/**
 * rewardString for every reward type of the game (QuestRewardProto.Type 0–20), table-driven: with our fixture
 * game data (no reward words in its translations: our English names), with translations that carry the
 * reward words and the `_formatted` wordings (English and German), and with the real pogo-translations
 * locales and masterfile of ../shared (skipped without ../shared). Only a type the game data does not know
 * reads "Reward <n>".
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { View } from '../../../core/contract.ts';
import { buildGameData, type GameData } from '../../../core/gamedata/game-data.ts';
import { REWARD, REWARD_TYPE_NAMES } from '../../../plugins/quest/event.ts';
import { rewardTypeName, translator } from '../../../plugins/quest/quest-text.ts';
import { SHARED_GAMEDATA } from '../../core/gamedata/support.ts';
import { buildPlugin, hookContext, parsed, questHook, reward, type QuestPlugin } from './support.ts';

const MASTERFILE = JSON.parse(readFileSync(new URL('../../fixtures/gamedata/masterfile.json', import.meta.url), 'utf8')) as unknown;
const EN = JSON.parse(readFileSync(new URL('../../fixtures/gamedata/locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;

type Row = readonly [label: string, reward: Record<string, unknown>, text: string];

async function rewardView(plugin: QuestPlugin, rewards: Record<string, unknown>[], language = 'en'): Promise<View> {
  const event = parsed(plugin, questHook({ rewards }));
  const base = await plugin.enrich!(event, hookContext());
  return { ...base, ...plugin.enrichLanguage!(event, base, { language, platform: 'discord' }, hookContext()) };
}

async function checkRows(plugin: QuestPlugin, rows: readonly Row[], language = 'en'): Promise<void> {
  for (const [label, r, text] of rows) {
    const view = await rewardView(plugin, [r], language);
    assert.equal(view['rewardString'], text, `${language} ${label} ${JSON.stringify(r)}`);
  }
}

/** Every type id 0–20 appears in a table (the tables below are the coverage). */
function assertCoversEveryType(rows: readonly Row[]): void {
  const covered = new Set(rows.map(([, r]) => r['type']));
  for (const id of Object.values(REWARD)) assert.ok(covered.has(id), `reward type ${id} has a case`);
}

describe('quest rewardString: every reward type, our English names (no reward words in the translations)', () => {
  let plugin: QuestPlugin;
  before(async () => (plugin = await buildPlugin()));

  const rows: Row[] = [
    ['unset', reward(0, {}), 'Unset'],
    ['experience', reward(1, { amount: 500 }), '500 XP'],
    ['item', reward(2, { item_id: 1, amount: 10 }), '10 Poké Ball'],
    ['stardust', reward(3, { amount: 1500 }), '1500 Stardust'],
    ['candy', reward(4, { pokemon_id: 25, amount: 3 }), '3 Pikachu Candy'],
    ['candy, pokemon unknown', reward(4, { amount: 3 }), '3 Candy'],
    ['avatar clothing', reward(5, {}), 'Avatar Clothing'],
    ['quest', reward(6, {}), 'Quest'],
    ['pokemon encounter', reward(7, { pokemon_id: 25 }), 'Pikachu'],
    ['shiny encounter', reward(7, { pokemon_id: 25, shiny: 1 }), 'Shiny Pikachu'],
    ['pokecoin', reward(8, { amount: 2 }), '2 PokéCoins'],
    ['XL candy', reward(9, { pokemon_id: 6, amount: 1 }), '1 Charizard XL Candy'],
    ['level cap with RDM level_cap', reward(10, { level_cap: 50 }), 'Level Cap 50'],
    ['level cap without details (Golbat)', reward(10, {}), 'Level Cap'],
    ['sticker', reward(11, { sticker_id: 'sticker_pikachu', amount: 3 }), 'Sticker ×3'],
    ['sticker without amount', reward(11, { sticker_id: 'sticker_pikachu' }), 'Sticker'],
    ['mega energy', reward(12, { pokemon_id: 6, amount: 25 }), '25 Charizard Mega Energy'],
    ['incident', reward(13, {}), 'Incident'],
    ['player attribute', reward(14, {}), 'Player Attribute'],
    ['event badge', reward(15, {}), 'Event Badge'],
    ['pokemon egg', reward(16, {}), 'Pokémon Egg'],
    ['individual stat', reward(17, {}), 'Pokémon Individual Stat'],
    ['loot table', reward(18, {}), 'Loot Table'],
    ['friendship points', reward(19, { amount: 250 }), '250 Friendship Points'],
    ['temp evo resource with pokemon', reward(20, { pokemon_id: 6, amount: 10 }), '10 Charizard Temp Evo Branch Resource'],
    ['temp evo resource without details', reward(20, {}), 'Temp Evo Branch Resource'],
    ['a type the game data does not know', reward(99, {}), 'Reward 99'],
    ['an unknown type with an amount', reward(99, { amount: 4 }), '4 Reward 99'],
  ];

  test('the table covers every reward type of the game', () => assertCoversEveryType(rows));
  test('each reward type renders', async () => checkRows(plugin, rows));

  test('unknown info fields are ignored; our names exist for every reward type id', async () => {
    const view = await rewardView(plugin, [reward(16, { hatch_km: 5, egg_type: 'x', nested: { a: 1 } })]);
    assert.equal(view['rewardString'], 'Pokémon Egg');
    for (const id of Object.values(REWARD)) assert.ok(REWARD_TYPE_NAMES[id], `name for ${id}`);
  });

  test('rewardTypeName: the first reward type by name', async () => {
    assert.equal((await rewardView(plugin, [reward(11, { amount: 1 }), reward(3, { amount: 100 })]))['rewardTypeName'], 'Sticker');
    assert.equal((await rewardView(plugin, [reward(99, {})]))['rewardTypeName'], '');
  });

  test('several rewards of new types, joined', async () => {
    const view = await rewardView(plugin, [reward(1, { amount: 1000 }), reward(11, { amount: 2 }), reward(10, { level_cap: 50 })]);
    assert.equal(view['rewardString'], '1000 XP, Sticker ×2, Level Cap 50');
    assert.deepEqual(view['rewardTypes'], [1, 11, 10]);
  });
});

describe('quest rewardString: the translations name the reward types and word them', () => {
  let plugin: QuestPlugin;
  let gameData: GameData;
  before(async () => {
    gameData = buildGameData({
      masterfile: MASTERFILE,
      locales: {
        en: {
          ...EN,
          quest_reward_1: 'XP',
          quest_reward_1_formatted: '%{amount} XP',
          quest_reward_4: 'Candy',
          quest_reward_4_formatted: '%{amount} %{pokemon} Candy',
          quest_reward_11: 'Sticker',
          quest_reward_11_formatted: '%{amount}x %{sticker_id} Sticker',
          quest_reward_12: 'Mega Energy',
          quest_reward_12_formatted: '%{amount} %{pokemon} Mega Energy',
          quest_reward_16: 'Pokemon Egg',
          quest_reward_21: 'Future Reward',
        },
        de: {
          poke_6: 'Glurak',
          quest_reward_4: 'Bonbon',
          quest_reward_4_formatted: '%{amount} %{pokemon} Bonbon',
          quest_reward_5: 'Avatar-Kleidung',
          quest_reward_11: 'Aufkleber',
          quest_reward_12: 'Mega-Energie',
          quest_reward_12_formatted: '%{amount} Mega-Energie für %{Pokemon}',
          quest_reward_16: 'Pokémon-Ei',
        },
      },
    });
    plugin = await buildPlugin({}, gameData);
  });

  test('English: the formatted wording, else the translated type name; a type only the translations know', async () => {
    await checkRows(plugin, [
      ['experience (formatted)', reward(1, { amount: 500 }), '500 XP'],
      ['candy (formatted)', reward(4, { pokemon_id: 25, amount: 3 }), '3 Pikachu Candy'],
      ['sticker (the formatted text names the raw sticker id: ours instead)', reward(11, { sticker_id: 'sticker_1', amount: 2 }), 'Sticker ×2'],
      ['egg (translations\' name)', reward(16, {}), 'Pokemon Egg'],
      ['a type newer than our names', reward(21, { amount: 2 }), '2 Future Reward'],
    ]);
  });

  test('German: its own formatted wording and names; English wording reached by fallback is not used', async () => {
    await checkRows(
      plugin,
      [
        ['candy (de formatted)', reward(4, { pokemon_id: 6, amount: 3 }), '3 Glurak Bonbon'],
        ['mega energy (de formatted, %{Pokemon} in any case)', reward(12, { pokemon_id: 6, amount: 25 }), '25 Mega-Energie für Glurak'],
        ['avatar clothing (de name)', reward(5, {}), 'Avatar-Kleidung'],
        ['sticker (de name)', reward(11, { amount: 2 }), 'Aufkleber ×2'],
        ['egg (de name)', reward(16, {}), 'Pokémon-Ei'],
        ['experience: only English has a wording, built from the parts', reward(1, { amount: 500 }), '500 XP'],
      ],
      'de',
    );
    const view = await rewardView(plugin, [reward(12, { pokemon_id: 6, amount: 10 })], 'de');
    assert.equal(view['rewardStringEng'], '10 Charizard Mega Energy', 'the English text stays available');
    assert.equal(view['rewardTypeName'], 'Mega-Energie');
  });

  test('rewardTypeName: translations first, then our names, null when unknown', () => {
    assert.equal(rewardTypeName(16, gameData, 'de', translator(gameData, 'de')), 'Pokémon-Ei');
    assert.equal(rewardTypeName(19, gameData, 'de', translator(gameData, 'de')), 'Friendship Points');
    assert.equal(rewardTypeName(99, gameData, 'de', translator(gameData, 'de')), null);
  });
});

describe('quest rewardString with the real game data (../shared)', () => {
  const localesDir = join(SHARED_GAMEDATA, 'locales');
  const rawMasterfile = join(SHARED_GAMEDATA, 'masterfile', 'master-latest-raw.json');
  const poracleMasterfile = join(SHARED_GAMEDATA, 'masterfile', 'master-latest-poracle.json');
  const present = existsSync(join(localesDir, 'en.json')) && existsSync(poracleMasterfile);
  const read = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
  let plugin: QuestPlugin;
  let en: Record<string, string>;

  before(async () => {
    if (!present) return;
    en = read(join(localesDir, 'en.json')) as Record<string, string>;
    const locales: Record<string, Record<string, string>> = { en };
    for (const lang of ['de', 'fr']) {
      const file = join(localesDir, `${lang}.json`);
      if (existsSync(file)) locales[lang] = read(file) as Record<string, string>;
    }
    plugin = await buildPlugin({}, buildGameData({ masterfile: read(poracleMasterfile), locales }));
  });

  test('every reward type the translations name renders without "Reward <n>"', async (t) => {
    if (!present) return t.skip('no ../shared game data');
    const ids = Object.keys(en)
      .map((key) => /^quest_reward_(\d+)$/.exec(key)?.[1])
      .filter((id): id is string => id !== undefined)
      .map(Number);
    assert.ok(ids.length >= 21, `the locales name ${ids.length} reward types`);
    for (const id of ids) {
      for (const language of ['en', 'de', 'fr']) {
        const text = String((await rewardView(plugin, [reward(id, { amount: 2 })], language))['rewardString']);
        assert.ok(text !== '' && !/Reward \d+/.test(text), `${language} type ${id}: ${text}`);
      }
    }
  });

  test('every reward type of the raw masterfile has a name of ours', (t) => {
    if (!existsSync(rawMasterfile)) return t.skip('no ../shared masterfile');
    const types = (read(rawMasterfile) as { questRewardTypes?: Record<string, { questId: number }> }).questRewardTypes ?? {};
    assert.ok(Object.keys(types).length > 0);
    for (const entry of Object.values(types)) assert.ok(REWARD_TYPE_NAMES[entry.questId], `type ${entry.questId}`);
  });

  test('English, German and French wordings', async (t) => {
    if (!present) return t.skip('no ../shared game data');
    const rows: Row[] = [
      ['unset', reward(0, {}), 'Unset'],
      ['experience', reward(1, { amount: 500 }), '500 XP'],
      ['item', reward(2, { item_id: 1, amount: 10 }), '10 Poké Ball'],
      ['stardust', reward(3, { amount: 1500 }), '1500 Stardust'],
      ['candy', reward(4, { pokemon_id: 25, amount: 3 }), '3 Pikachu Candy'],
      ['avatar clothing', reward(5, {}), 'Avatar Clothing'],
      ['quest', reward(6, {}), 'Quest'],
      ['encounter', reward(7, { pokemon_id: 25 }), 'Pikachu'],
      ['pokecoin', reward(8, { amount: 2 }), '2 PokéCoins'],
      ['XL candy', reward(9, { pokemon_id: 6, amount: 1 }), '1 Charizard XL Candy'],
      ['level cap', reward(10, { level_cap: 50 }), 'Level Cap 50'],
      ['sticker', reward(11, { sticker_id: 'sticker_1', amount: 3 }), 'Sticker ×3'],
      ['mega energy', reward(12, { pokemon_id: 6, amount: 25 }), '25 Charizard Mega Energy'],
      ['incident', reward(13, {}), 'Incident'],
      ['player attribute', reward(14, {}), 'Player Attribute'],
      ['event badge', reward(15, {}), 'Event Badge'],
      ['egg', reward(16, {}), 'Pokemon Egg'],
      ['individual stat', reward(17, {}), 'Pokemon Individual Stat'],
      ['loot table', reward(18, {}), 'Loot Table'],
      ['friendship points', reward(19, { amount: 250 }), '250 Friendship Points'],
      ['temp evo resource', reward(20, { pokemon_id: 6, amount: 10 }), '10 Charizard Temp Evo Branch Resource'],
    ];
    assertCoversEveryType(rows);
    await checkRows(plugin, rows);
    await checkRows(
      plugin,
      [
        ['stardust', reward(3, { amount: 1500 }), '1500 Sternenstaub'],
        ['candy', reward(4, { pokemon_id: 6, amount: 3 }), '3 Glurak Bonbon'],
        ['mega energy', reward(12, { pokemon_id: 6, amount: 25 }), '25 Glurak Mega Energie'],
        ['sticker', reward(11, { amount: 2 }), 'Aufkleber ×2'],
        ['avatar clothing', reward(5, {}), 'Avatar-Kleidung'],
      ],
      'de',
    );
    await checkRows(plugin, [['mega energy', reward(12, { pokemon_id: 6, amount: 25 }), '25 Méga-Énergie Dracaufeu']], 'fr');
  });
});
