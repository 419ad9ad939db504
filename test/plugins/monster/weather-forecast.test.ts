/**
 * The monster view's forecast notice end to end through the plugins: the weather plugin installs the forecast
 * ([weather] enable_forecast, forecast_api_url pointed at a local fake of AccuWeather), the monster plugin reads
 * it. The first sighting of a cell goes out without the notice while the forecast is fetched in the background;
 * the next one crossing the hour gets it. A provider that is down or forecasts off: the alert goes out without it.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { View } from '../../../core/contract.ts';
import { layer } from '../../../core/pipeline/view.ts';
import { ForecastService, ForecastSlot } from '../../../core/weather-forecast/index.ts';
import monsterPlugin from '../../../plugins/monster/index.ts';
import weatherPlugin from '../../../plugins/weather/index.ts';
import { startFakeAccuWeather, type FakeAccuWeather } from '../../fakes/accuweather/server.ts';
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import { hookContext, NOW_S, parsed, pokemonHook, type MonsterPlugin } from './support.ts';

/** 08:30 UTC (09:30 in Munich); the sighting despawns at 09:10 UTC, after the hour turns */
const NOW = NOW_S + 1800;
const CROSSING = pokemonHook({ weather: 2, disappear_time: NOW_S + 3600 + 600 });

async function plugins(dir: string, weather: Record<string, unknown>): Promise<{ monster: MonsterPlugin; slot: ForecastSlot }> {
  const slot = new ForecastSlot();
  const setup = await testPluginSetup({ config: { weather }, rootDir: dir, weatherForecast: slot });
  weatherPlugin(setup);
  return { monster: monsterPlugin(setup) as MonsterPlugin, slot };
}

async function viewOf(monster: MonsterPlugin, hook: Record<string, unknown>, language = 'en', platform = 'discord', preview = false): Promise<View> {
  const event = parsed(monster, hook);
  const base = await monster.enrich!(event, { ...hookContext(NOW), preview });
  return layer(base, monster.enrichLanguage!(event, base, { language, platform }, hookContext(NOW)));
}

async function settled(slot: ForecastSlot): Promise<void> {
  const forecast = slot.forecast;
  assert.ok(forecast instanceof ForecastService, 'the weather plugin installed the forecast');
  await forecast.ready;
  await forecast.settled();
}

describe('monster forecast notice', () => {
  let fake: FakeAccuWeather;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'monster-forecast-'));
    // the 12 hours from 09:00 UTC: clear (a rain-boosted Pikachu loses its boost)
    fake = await startFakeAccuWeather({ hours: Array.from({ length: 12 }, (_, i) => ({ epoch: NOW_S + 3600 * (i + 1), icon: 1 })) });
  });
  after(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('fetched in the background for a sighting crossing the hour; the next one gets the notice', async () => {
    const { monster, slot } = await plugins(join(dir, 'ok'), { enable_forecast: true, forecast_api_keys: ['KEY-1'], forecast_api_url: fake.url });
    await (slot.forecast as ForecastService).ready;
    const first = await viewOf(monster, CROSSING);
    assert.equal(first.weatherChange, '', 'the first alert does not wait for the provider');
    await settled(slot);
    assert.deepEqual(fake.calls.map((c) => c.kind), ['location', 'forecast']);
    const v = await viewOf(monster, CROSSING);
    assert.equal(v.weatherCurrent, 2);
    assert.equal(v.weatherNext, 1);
    assert.equal(v.weatherChangeTime, '10:00', 'the hour the weather changes, Munich time, without seconds');
    assert.equal(v.weatherCurrentName, 'Rain');
    assert.equal(v.weatherCurrentEmoji, '🌧️');
    assert.equal(v.weatherNextName, 'Clear');
    assert.equal(v.weatherNextEmoji, '☀️');
    assert.equal(v.weatherChange, '⚠️ Possible weather change at 10:00 : Rain 🌧️ ➡️ Clear ☀️');
    const german = await viewOf(monster, CROSSING, 'de');
    assert.equal(german.weatherNextName, 'Klar', 'names in the recipient’s language');
    const gone = await viewOf(monster, pokemonHook({ weather: 2, disappear_time: NOW_S + 3000 }));
    assert.equal(gone.weatherChange, '', 'gone before the hour turns: no notice');
    const unboosted = await viewOf(monster, pokemonHook({ weather: 0, disappear_time: NOW_S + 4200 }));
    assert.equal(unboosted.weatherChange, '', 'clear does not boost Pikachu: nothing changes for it');
    await settled(slot);
    assert.equal(fake.calls.length, 2, 'one cell, one hour: no more calls');
  });

  test('the provider down: alerts still get their view, without the notice', async () => {
    const down = await startFakeAccuWeather({ hours: [] });
    await down.close();
    const { monster, slot } = await plugins(join(dir, 'down'), { enable_forecast: true, forecast_api_keys: ['KEY-1'], forecast_api_url: down.url });
    await (slot.forecast as ForecastService).ready;
    assert.equal((await viewOf(monster, CROSSING)).weatherChange, '');
    await settled(slot);
    const v = await viewOf(monster, CROSSING);
    assert.equal(v.weatherChange, '');
    assert.equal(v.name, 'Pikachu');
  });

  test('the quota spent: no more calls that day, alerts go out without the notice', async () => {
    const calls = fake.calls.length;
    const { monster, slot } = await plugins(join(dir, 'quota'), { enable_forecast: true, forecast_api_keys: ['KEY-Q'], forecast_day_quota: 1, forecast_api_url: fake.url });
    await (slot.forecast as ForecastService).ready;
    await viewOf(monster, CROSSING);
    await settled(slot);
    assert.deepEqual(fake.calls.slice(calls).map((c) => c.kind), ['location'], 'the one call of the day found the location');
    const v = await viewOf(monster, CROSSING);
    await settled(slot);
    assert.equal(v.weatherChange, '');
    assert.equal(v.name, 'Pikachu');
    assert.equal(fake.calls.length, calls + 1);
  });

  test('a preview (the studio, the render API) spends no quota: it shows what is known and starts no fetch', async () => {
    const calls = fake.calls.length;
    const { monster, slot } = await plugins(join(dir, 'preview'), { enable_forecast: true, forecast_api_keys: ['KEY-P'], forecast_api_url: fake.url });
    await (slot.forecast as ForecastService).ready;
    assert.equal((await viewOf(monster, CROSSING, 'en', 'discord', true)).weatherChange, '');
    await settled(slot);
    assert.equal(fake.calls.length, calls, 'no call for a previewed sighting');
    await viewOf(monster, CROSSING);
    await settled(slot);
    assert.equal(fake.calls.length, calls + 2, 'a real sighting fetches');
    const previewed = await viewOf(monster, CROSSING, 'en', 'discord', true);
    assert.equal(previewed.weatherChange, '⚠️ Possible weather change at 10:00 : Rain 🌧️ ➡️ Clear ☀️', 'a known forecast is shown');
  });

  test('forecasts off (the default): nothing installed, nothing fetched', async () => {
    const calls = fake.calls.length;
    const { monster, slot } = await plugins(join(dir, 'off'), { forecast_api_keys: ['KEY-1'], forecast_api_url: fake.url });
    assert.equal(slot.forecast, null);
    const v = await viewOf(monster, CROSSING);
    assert.deepEqual([v.weatherChange, v.weatherCurrentName, v.weatherNextName, v.weatherChangeTime], ['', '', '', '']);
    assert.equal(fake.calls.length, calls);
  });
});
