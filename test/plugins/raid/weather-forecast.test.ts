/**
 * A hatched raid's forecast notice: the boss's types and the gym cell's weather against the core's forecast
 * (installed by the weather plugin, fetched from a local fake of AccuWeather); eggs never get one.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { View } from '../../../core/contract.ts';
import { WeatherCellStore, weatherCellId } from '../../../core/geo/index.ts';
import { layer } from '../../../core/pipeline/view.ts';
import { ForecastService, ForecastSlot } from '../../../core/weather-forecast/index.ts';
import raidPlugin from '../../../plugins/raid/index.ts';
import weatherPlugin from '../../../plugins/weather/index.ts';
import { startFakeAccuWeather } from '../../fakes/accuweather/server.ts';
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import { eggHook, hookContext, NOW_S, parsed, raidHook, type RaidPlugin } from './support.ts';

const NOW = NOW_S + 1800;

test('a windy-boosted Mewtwo ending after the hour turns, clear forecast: the notice', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'raid-forecast-'));
  const fake = await startFakeAccuWeather({ hours: Array.from({ length: 12 }, (_, i) => ({ epoch: NOW_S + 3600 * (i + 1), icon: 1 })) });
  try {
    const slot = new ForecastSlot();
    const cells = new WeatherCellStore();
    cells.publish(weatherCellId(48.1365, 11.572), 5);
    const setup = await testPluginSetup({ config: { weather: { enable_forecast: true, forecast_api_keys: ['K'], forecast_api_url: fake.url } }, rootDir: dir, weatherForecast: slot, weatherCells: cells });
    weatherPlugin(setup);
    const raid = raidPlugin(setup) as RaidPlugin;
    const viewOf = async (hook: Record<string, unknown>): Promise<View> => {
      const event = parsed(raid, hook);
      const base = await raid.enrich!(event, hookContext(NOW));
      return layer(base, raid.enrichLanguage!(event, base, { language: 'en', platform: 'discord' }, hookContext(NOW)));
    };
    const forecast = slot.forecast as ForecastService;
    await forecast.ready;
    const hook = raidHook({ end: NOW_S + 4200 });
    assert.equal((await viewOf(hook)).weatherChange, '', 'the first raid of the cell does not wait');
    await forecast.settled();
    const v = await viewOf(hook);
    assert.equal(v.weatherCurrent, 5);
    assert.equal(v.weatherNext, 1);
    assert.equal(v.weatherChangeTime, '10:00');
    assert.equal(v.weatherChange, `⚠️ Possible weather change at 10:00 : Windy ${String(v.weatherCurrentEmoji)} ➡️ Clear ☀️`);
    assert.equal(v.weatherCurrentName, 'Windy');
    const egg = await viewOf(eggHook({ end: NOW_S + 9000 }));
    assert.equal(egg.weatherChange, '');
    const ending = await viewOf(raidHook({ end: NOW_S + 3000 }));
    assert.equal(ending.weatherChange, '', 'over before the hour turns');
  } finally {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  }
});
