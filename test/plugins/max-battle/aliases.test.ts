import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AlertPlugin } from '../../../core/contract.ts';
import { weatherCellId } from '../../../core/geo/s2-cell.ts';
import { WeatherCellStore } from '../../../core/geo/weather-cells.ts';
import maxBattlePlugin from '../../../plugins/max-battle/index.ts';
import { MAXBATTLE_ALIASES } from '../../../plugins/max-battle/variables.ts';
import { assertAliases, fullView } from '../../helpers/alias-views.ts';
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import { buildMaxBattlePlugin, hookContext, maxBattleHook, NOW_S } from './support.ts';

const LOCALE = { locale: { time: 'HH:mm:ss', timeformat: 'en-gb' } };

/** the plugin with `condition` as the current weather of the test station's cell */
async function withCellWeather(condition: number, config: Record<string, unknown> = {}): Promise<AlertPlugin> {
  const cells = new WeatherCellStore(() => NOW_S * 1000);
  cells.publish(weatherCellId(48.1374, 11.5755), condition);
  return maxBattlePlugin(await testPluginSetup({ config, weatherCells: cells })) as AlertPlugin;
}

describe('maxbattle: the previous generation names', () => {
  test('every alias of every test sample holds its variable, on both platforms and in another language', async () => {
    const plugin = await withCellWeather(2);
    for (const { test: name, webhook } of plugin.testData!.webhooks) {
      const hook = { ...webhook, battle_start: NOW_S - 600, battle_end: NOW_S + 1800 };
      for (const scope of [{ language: 'en', platform: 'discord' }, { language: 'de', platform: 'telegram' }]) {
        assertAliases(await fullView(plugin, hook, hookContext(), scope), MAXBATTLE_ALIASES, `${name} ${scope.language}/${scope.platform}: `);
      }
    }
  });

  test('the battle end and the hour it may change weather, as clock times; declared', async () => {
    const plugin = await buildMaxBattlePlugin(LOCALE);
    // Munich: NOW_S + 1800 is 09:30:00 local, its hour began at 09:00
    const view = await fullView(plugin, maxBattleHook(), hookContext(), { config: LOCALE });
    assert.equal(view.disappearTime, '09:30:00');
    assert.equal(view.distime, view.time);
    assert.equal(view.weatherChangeTime, '09:00:00');
    for (const name of ['formname', 'quickMove', 'move1emoji', 'boostemoji', 'weaknessEmoji', 'station_name']) assert.ok(plugin.templateVariables!.maxbattle!.includes(name), name);
  });

  test('the cell weather and the boss\'s boost, with the platform\'s emoji; weaknesses', async () => {
    // Snorlax (normal) is boosted by partly cloudy (3), not by rain (2)
    const cloudy = await withCellWeather(3);
    for (const platform of ['discord', 'telegram']) {
      const view = await fullView(cloudy, maxBattleHook(), hookContext(), { platform });
      assert.equal(view.boosted, true);
      assert.equal(view.boost, 'Partly Cloudy');
      assert.notEqual(view.boostemoji, '');
      assert.equal(view.gameWeatherId, 3);
      assert.equal(view.gameweatheremoji, view.boostemoji);
    }
    // the fixture game data has the matchups of Electric: Pikachu (25) is weak to ground
    const pikachu = await fullView(cloudy, maxBattleHook({ battle_pokemon_id: 25 }), hookContext());
    assert.match(String(pikachu.weaknessEmoji), /^2x\S+ 0\.5x/);
    assert.equal((pikachu.weaknessList as { value: number }[])[0]!.value, 2);
    const rainy = await fullView(await withCellWeather(2), maxBattleHook(), hookContext());
    assert.deepEqual([rainy.boosted, rainy.boost, rainy.gameweather], [false, '', 'Rain']);
  });

  test('the station on the configured map sites', async () => {
    const plugin = await buildMaxBattlePlugin({ general: { react_map_url: 'https://map.example/', diadem_url: 'https://diadem.example/' } });
    const view = await fullView(plugin, maxBattleHook(), hookContext());
    assert.equal(view.reactMapUrl, 'https://map.example/id/stations/a1b2c3d4e5f6.16');
    assert.equal(view.diademUrl, 'https://diadem.example/station/a1b2c3d4e5f6.16');
    assert.equal(view.station_name, 'Rathausbrunnen');
  });
});
