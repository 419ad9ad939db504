import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { AlertPlugin } from '../../../core/contract.ts';
import { ShinyRateStore } from '../../../core/enrich/shiny-rates.ts';
import questPlugin from '../../../plugins/quest/index.ts';
import { QUEST_ALIASES } from '../../../plugins/quest/variables.ts';
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import { assertAliases, fullView } from '../../helpers/alias-views.ts';
import { buildPlugin, hookContext, questHook, reward, type QuestPlugin } from './support.ts';

const LOCALE = { locale: { time: 'HH:mm:ss', timeformat: 'en-gb' } };

describe('quest: the previous generations names', () => {
  let plugin: QuestPlugin;
  before(async () => (plugin = await buildPlugin(LOCALE)));

  test('every alias of every test sample holds its variable, in two languages', async () => {
    for (const { test: name, webhook } of plugin.testData!.webhooks) {
      for (const language of ['en', 'de']) assertAliases(await fullView(plugin, webhook, hookContext(), { language }), QUEST_ALIASES, `${name} ${language}: `);
    }
  });

  test('the issue\'s names: name, url, itemAmount, energyAmount; declared', async () => {
    const view = await fullView(plugin, questHook({ rewards: [reward(2, { item_id: 1301, amount: 3 }), reward(12, { pokemon_id: 9, amount: 10 })] }), hookContext());
    assert.equal(view.name, 'Old Mill');
    assert.equal(view.url, 'https://photos.test/mill.jpg');
    assert.equal(view.itemAmount, 3);
    assert.equal(view.energyAmount, 10);
    assert.equal(view.candyAmount, 0);
    for (const name of ['name', 'url', 'itemAmount', 'energyAmount', 'monsters', 'items', 'conditionString', 'disappearTime']) assert.ok(plugin.templateVariables!.quest!.includes(name), name);
  });

  test('the quest ends at 23:59:59 of its day in the stop\'s zone', async () => {
    const view = await fullView(plugin, questHook(), hookContext(), { config: LOCALE });
    assert.equal(view.disappearTime, '23:59:59');
    assert.equal(view.distime, '23:59:59');
    // 2027-01-15 in Munich: the day ends at 22:59:59 UTC
    assert.equal(view.disappear_time, Date.UTC(2027, 0, 15, 22, 59, 59) / 1000);
    assert.equal(view.lat, 48.1365);
    assert.equal(view.lon, 11.572);
  });

  test('reward lists and texts in the recipient\'s language, with English beside them', async () => {
    const hook = questHook({
      rewards: [reward(7, { pokemon_id: 25, form_id: 0, shiny: true }), reward(3, { amount: 500 }), reward(4, { pokemon_id: 1, amount: 3 }), reward(12, { pokemon_id: 9, amount: 10 })],
      conditions: [{ type: 1, info: { pokemon_type_ids: [13] } }],
    });
    const de = await fullView(plugin, hook, hookContext(), { language: 'de' });
    const monsters = de.monsters as { pokemonId: number; shiny: boolean; fullName: string; fullNameEng: string }[];
    assert.deepEqual(monsters.map((m) => [m.pokemonId, m.shiny, m.fullNameEng]), [[25, true, 'Pikachu']]);
    assert.equal(de.monsterList, de.monsters);
    assert.deepEqual((de.candy as { pokemonId: number; amount: number }[]).map((c) => [c.pokemonId, c.amount]), [[1, 3]]);
    assert.deepEqual((de.energyMonsters as { pokemonId: number; amount: number }[]).map((c) => [c.pokemonId, c.amount]), [[9, 10]]);
    assert.match(String(de.dustText), /^500 /);
    assert.match(String(de.dustTextEng), /^500 Stardust$/);
    assert.equal(de.monsterNamesEng, 'Shiny Pikachu');
    const conditions = de.conditionList as { type: number; formatted: string }[];
    assert.equal(conditions[0]!.type, 1);
    assert.equal(de.conditionString, conditions[0]!.formatted);
    assert.match(String(de.conditionStringEng), /Electric/);
    assert.deepEqual(de.baseStats, { baseAttack: 112, baseDefense: 96, baseStamina: 111 });
  });

  test('the stop on the configured map sites', async () => {
    const linked = await buildPlugin({ general: { react_map_url: 'https://map.example/', rocket_mad_url: 'https://rm.example' } });
    const view = await fullView(linked, questHook(), hookContext());
    assert.equal(view.reactMapUrl, 'https://map.example/id/pokestops/stop-1.16');
    assert.equal(view.rocketMadUrl, 'https://rm.example/?lat=48.1365&lon=11.572&zoom=18.0');
    assert.equal(view.diademUrl, '');
  });

  test('shinyPossible and shinyStats of the pokemon reward from the shared shiny rates; rewardData holds the lists', async () => {
    const rates = new ShinyRateStore();
    rates.publish(new Map([[25, { encountered: 1024, shiny: 2 }]]));
    const shared = questPlugin(await testPluginSetup({ shinyRates: rates })) as AlertPlugin;
    const view = await fullView(shared, questHook({ rewards: [reward(7, { pokemon_id: 25, form_id: 0, shiny: false })] }), hookContext(), { platform: 'telegram' });
    assert.deepEqual([view.shinyPossible, view.shinyStats, view.shinyPossibleEmoji !== ''], [true, 512, true]);
    assert.equal((view.rewardData as { monsters: unknown }).monsters, view.monsters);
    const item = await fullView(shared, questHook(), hookContext());
    assert.deepEqual([item.shinyPossible, item.shinyStats, item.shinyPossibleEmoji], [false, '', '']);
    assert.equal((item.rewardData as { items: unknown }).items, item.items);
  });
});
