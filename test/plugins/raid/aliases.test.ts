import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { weatherCellId } from '../../../core/geo/s2-cell.ts';
import { WeatherCellStore } from '../../../core/geo/weather-cells.ts';
import { ShinyRateStore } from '../../../core/enrich/shiny-rates.ts';
import type { AlertPlugin } from '../../../core/contract.ts';
import raidPlugin from '../../../plugins/raid/index.ts';
import { EGG_ALIASES, RAID_ALIASES } from '../../../plugins/raid/variables.ts';
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import { assertAliases, fullView } from '../../helpers/alias-views.ts';
import { buildPlugin, hookContext, NOW_S, raidHook, type RaidPlugin } from './support.ts';

const LOCALE = { locale: { time: 'HH:mm:ss', timeformat: 'en-gb' } };

/** the plugin with rain (2) as the current weather of the Munich test gyms' cell */
async function rainyPlugin(config: Record<string, unknown> = {}): Promise<RaidPlugin> {
  const cells = new WeatherCellStore(() => NOW_S * 1000);
  cells.publish(weatherCellId(48.1365, 11.572), 2);
  cells.publish(weatherCellId(48.1372, 11.5731), 2);
  return buildPlugin(config, cells);
}

/** the plugin's samples with times around NOW_S, as service-test moves them */
function samples(plugin: RaidPlugin): { test: string; webhook: Record<string, unknown> }[] {
  return plugin.testData!.webhooks.map((w) => {
    const egg = w.webhook.pokemon_id === 0;
    const start = egg ? NOW_S + 600 : NOW_S - 600;
    return { test: w.test, webhook: { ...w.webhook, spawn: start - 3600, start, end: start + 2700 } };
  });
}

describe('raid and egg: the previous generations names', () => {
  test('every alias of every test sample holds its variable, on both platforms and in another language', async () => {
    const plugin = await rainyPlugin();
    for (const { test: name, webhook } of samples(plugin)) {
      const aliases = webhook.pokemon_id === 0 ? EGG_ALIASES : RAID_ALIASES;
      for (const scope of [{ language: 'en', platform: 'discord' }, { language: 'de', platform: 'telegram' }]) {
        assertAliases(await fullView(plugin, webhook, hookContext(), scope), aliases, `${name} ${scope.language}/${scope.platform}: `);
      }
    }
  });

  test('the issue\'s names are there, and declared', async () => {
    const plugin = await rainyPlugin();
    const view = await fullView(plugin, raidHook(), hookContext());
    for (const name of ['move1', 'move2', 'quickMove', 'chargeMove', 'formname', 'boostemoji', 'hatchTime', 'weaknessEmoji', 'boostingWeathersEmoji', 'megaName', 'campfireUrl']) {
      assert.ok(name in view, name);
      assert.ok(plugin.templateVariables!.raid!.includes(name), `${name} declared`);
    }
  });

  test('hatch and end as clock times in the gym\'s zone; the egg counts down to the hatch', async () => {
    const plugin = await rainyPlugin(LOCALE);
    // Munich, 2027-01-15: NOW_S is 08:00:00 UTC, 09:00 local
    const egg = await fullView(plugin, raidHook({ pokemon_id: 0, start: NOW_S + 600, end: NOW_S + 3300 }), hookContext(), { config: LOCALE });
    assert.deepEqual([egg.hatchTime, egg.hatchtime, egg.disappearTime, egg.distime], ['09:10:00', '09:10:00', '09:55:00', '09:55:00']);
    assert.equal(egg.time, egg.hatchTime);
    const raid = await fullView(plugin, raidHook({ start: NOW_S - 600, end: NOW_S + 1800 }), hookContext(), { config: LOCALE });
    assert.deepEqual([raid.hatchTime, raid.disappearTime], ['08:50:00', '09:30:00']);
    assert.equal(raid.time, raid.disappearTime);
  });

  test('the cell weather and the boost, with the platform\'s emoji', async () => {
    const plugin = await rainyPlugin();
    for (const platform of ['discord', 'telegram']) {
      // Pikachu (electric) is boosted by rain
      const view = await fullView(plugin, raidHook({ pokemon_id: 25 }), hookContext(), { platform });
      assert.equal(view.gameWeatherId, 2);
      assert.equal(view.weather, 2);
      assert.equal(view.gameweather, 'Rain');
      assert.notEqual(view.gameweatheremoji, '');
      assert.equal(view.boosted, true);
      assert.equal(view.boost, 'Rain');
      assert.equal(view.boostemoji, view.boostWeatherEmoji);
      assert.equal(view.boostWeatherNameEng, 'Rain');
      assert.deepEqual(view.boostingWeathers, view.boostingWeatherIds);
      assert.equal((view.emoji as string[]).join(''), view.typeEmoji);
    }
  });

  test('moves, gender, evolution and mega names in the recipient\'s language', async () => {
    const plugin = await rainyPlugin();
    const de = await fullView(plugin, raidHook({ pokemon_id: 6, evolution: 2, gender: 1 }), hookContext(), { language: 'de' });
    assert.equal(de.move1, de.quickMoveName);
    assert.equal(de.megaName, de.fullName);
    assert.equal(de.genderName, (de.genderData as { name: string }).name);
    assert.equal(de.genderEmoji, (de.genderData as { emoji: string }).emoji);
    assert.equal(de.genderNameEng, 'Male');
    assert.equal(de.evolutionname, de.evolutionNameEng);
    const plain = await fullView(plugin, raidHook(), hookContext());
    assert.equal(plain.megaName, plain.name);
  });

  test('RSVP slots still to come, in seconds, with both spellings and their clock time', async () => {
    const plugin = await rainyPlugin(LOCALE);
    const rsvps = [{ timeslot: (NOW_S - 60) * 1000, going_count: 1, maybe_count: 0 }, { timeslot: (NOW_S + 900) * 1000, going_count: 3, maybe_count: 2 }];
    const view = await fullView(plugin, raidHook({ rsvps }), hookContext(), { config: LOCALE });
    assert.deepEqual(view.rsvps, [{ timeslot: NOW_S + 900, timeSlot: NOW_S + 900, goingCount: 3, going_count: 3, maybeCount: 2, maybe_count: 2, time: '09:15:00' }]);
  });

  test('gym links: Campfire and the configured map sites', async () => {
    const plugin = await rainyPlugin({ general: { react_map_url: 'https://map.example', rdm_url: 'https://rdm.example/' } });
    const view = await fullView(plugin, raidHook(), hookContext());
    assert.equal(view.reactMapUrl, 'https://map.example/id/gyms/a1b2c3d4.16');
    assert.equal(view.rdmUrl, 'https://rdm.example/@gym/a1b2c3d4.16');
    const campfire = new URL(String(view.campfireUrl));
    assert.equal(campfire.origin + campfire.pathname, 'https://campfire.onelink.me/eBr8');
    assert.equal(Buffer.from(campfire.searchParams.get('deep_link_sub1')!, 'base64').toString(), 'r=map&lat=48.136500&lng=11.572000&m=a1b2c3d4.16&g=PGO');
    assert.equal(campfire.searchParams.get('af_og_title'), 'Town Hall Fountain');
  });

  test('shinyPossible from the shiny rates the monster plugin shares, with the platform\'s emoji', async () => {
    const rates = new ShinyRateStore();
    rates.publish(new Map([[25, { encountered: 400, shiny: 2 }]]));
    const plugin = raidPlugin(await testPluginSetup({ shinyRates: rates })) as AlertPlugin;
    for (const platform of ['discord', 'telegram']) {
      const shiny = await fullView(plugin, raidHook({ pokemon_id: 25 }), hookContext(), { platform });
      assert.equal(shiny.shinyPossible, true);
      assert.notEqual(shiny.shinyPossibleEmoji, '');
    }
    const plain = await fullView(plugin, raidHook({ pokemon_id: 150 }), hookContext());
    assert.deepEqual([plain.shinyPossible, plain.shinyPossibleEmoji], [false, '']);
  });
});
