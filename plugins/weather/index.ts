/**
 * The weather plugin: Golbat and RDM `weather` webhooks → `weatherchange` alerts for the rules of the
 * `weather` table when a cell's condition changes ([weather] change_alert). It also reads `pokemon` webhooks,
 * never alerting on them, to remember each cell's pokemon (for `activeCreatures`) and, until a weather webhook
 * says otherwise, the cell's condition. Every condition it learns is published to the core's weather cells
 * (services.weatherCells) for the other plugins. See README.md in this folder.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineAlertPlugin, type PluginSetup, type TestWebhook } from '../../core/contract.ts';
import { accuWeather, ForecastService } from '../../core/weather-forecast/index.ts';
import { WEATHER_CONFIG } from './config.ts';
import { alteredSightings } from './altered.ts';
import { CellMemory } from './cell-memory.ts';
import { weatherApi } from './api.ts';
import { WEATHER_CLIENT_CONFIG } from './client-config.ts';
import { describeWeatherRule, weatherCommand } from './commands/index.ts';
import { weatherLanguageView, weatherView, type WeatherImages } from './enrich.ts';
import type { CellSighting, WeatherEvent } from './event.ts';
import { explainWeatherRule } from './explain.ts';
import { matchWeather, WEATHER_ALERT_TYPE } from './match.ts';
import { parseWeather, readPokemonInCell } from './parse.ts';
import { buildWeatherIndex, readWeatherRule, WEATHER_TABLE, type WeatherIndex, type WeatherRule } from './rule.ts';
import { WEATHER_VARIABLES } from './variables.ts';

const TEST_WEBHOOKS = JSON.parse(readFileSync(new URL('./testdata.json', import.meta.url), 'utf8')) as TestWebhook[];

/** the forecast's disk cache, under the install folder */
export const FORECAST_CACHE = '.cache/weather-forecast.json';

const NO_SIGHTINGS: readonly CellSighting[] = [];

function imagesOf(setup: PluginSetup, condition: number): WeatherImages {
  const icons = setup.services.icons?.();
  const fallback = setup.config.fallbacks.img_url_weather;
  if (!icons) return { imgUrl: fallback, imgUrlAlt: '', stickerUrl: '' };
  return { imgUrl: icons.image().orElse(fallback).weather(condition), imgUrlAlt: icons.alt()?.weather(condition) ?? '', stickerUrl: icons.sticker()?.weather(condition) ?? '' };
}

/** the icon of a pokemon of activeCreatures ('' without an icon set) */
function creatureIcon(setup: PluginSetup): (pokemonId: number, form: number) => string {
  return (pokemonId, form) => setup.services.icons?.().image().pokemon(pokemonId, { form }) ?? '';
}

/** The forecast of the sightings' weather cells ([weather] enable_forecast), installed for the other plugins. */
function startForecast(setup: PluginSetup, settings: ReturnType<typeof WEATHER_CONFIG.read>['weather']): void {
  const log = setup.log.child({ part: 'weather-forecast' });
  if (settings.forecast_api_keys.every((k) => k.trim() === '')) {
    log.warn('[weather] enable_forecast is on but forecast_api_keys is empty: no forecast is fetched');
    return;
  }
  const forecast = new ForecastService({
    provider: accuWeather(settings.forecast_api_url, setup.services.externalCalls?.()),
    apiKeys: settings.forecast_api_keys,
    dayQuota: settings.forecast_day_quota,
    schedule: { intervalHours: settings.forecast_refresh_interval, firstFetchHour: settings.local_first_fetch_hod, smart: settings.smart_forecast },
    cacheFile: join(setup.rootDir, FORECAST_CACHE),
    log,
  });
  setup.services.weatherForecast?.().install(forecast);
}

/** the config keys and disable switches this plugin contributes (read before the file is validated) */
export { WEATHER_CONFIG as config } from './config.ts';

export default function weatherPlugin(setup: PluginSetup) {
  const settings = WEATHER_CONFIG.read(setup.config).weather;
  if (settings.enable_forecast) startForecast(setup, settings);
  if (settings.show_altered_creatures_static_map && !settings.show_altered_creatures) {
    setup.log.warn({ key: 'weather.show_altered_creatures_static_map' }, '[weather] show_altered_creatures_static_map needs show_altered_creatures on: the static map shows the cell alone');
  }
  // every condition learned is published for the other plugins (a raid boss's weather boost)
  const memory = new CellMemory({ onCondition: (cellId, condition) => setup.services.weatherCells?.().publish(cellId, condition) });
  const altered = (event: WeatherEvent): CellSighting[] =>
    settings.show_altered_creatures
      ? alteredSightings(setup.services.gameData(), event.sightings, event.previousCondition, event.condition, settings.show_altered_creatures_max_count)
      : [];

  return defineAlertPlugin<WeatherEvent, WeatherIndex>({
    kind: 'alert',
    name: 'weather',
    webhookTypes: ['weather', 'pokemon'],
    alertTypes: [WEATHER_ALERT_TYPE],
    fallbacks: fileURLToPath(new URL('./fallbacks/', import.meta.url)),
    disableSwitches: WEATHER_CONFIG.disableSwitches,
    trackingTables: [{ table: WEATHER_TABLE, blockKind: 'weather', title: 'Weather', order: 110, read: readWeatherRule, api: weatherApi }],
    templateVariables: WEATHER_VARIABLES,
    testData: { kind: 'weather', webhooks: TEST_WEBHOOKS },
    commands: [weatherCommand],
    describeRule: (table, row, ctx) => (table === WEATHER_TABLE ? describeWeatherRule(row, ctx) : ''),
    buildIndex: (snapshot) => buildWeatherIndex(snapshot.activeRules<WeatherRule>(WEATHER_TABLE)),
    parse: (raw, ctx) => {
      if (ctx.meta.webhookType === 'pokemon') {
        const seen = readPokemonInCell(raw);
        if (seen) {
          memory.seedCondition(seen.cellId, seen.weather);
          if (settings.show_altered_creatures) memory.recordSighting(seen.cellId, seen.sighting, Math.floor(ctx.now() / 1000));
        }
        return { ok: false, reason: 'pokemon sightings are only remembered for weather changes', skip: true };
      }
      const parsed = parseWeather(raw, {
        previousCondition: (cellId) => memory.condition(cellId),
        sightings: (cellId) => (settings.show_altered_creatures ? memory.activeSightings(cellId, Math.floor(ctx.now() / 1000)) : NO_SIGHTINGS),
      });
      // remembered here, not in observe: a report dropped as a repeat still tells the cell's current condition
      if (parsed.ok) memory.setCondition(parsed.event.cellId, parsed.event.condition);
      return parsed;
    },
    dedupeKey: (event) => `${event.cellId}_${Math.floor(event.updated / 3600)}_${event.condition}`,
    alertTypeOf: () => WEATHER_ALERT_TYPE,
    // a weather change seen in a `pokemon` webhook too (PoracleNG does not validate weather alerts)
    validationType: () => 'weather',
    expiresAt: (event) => (event.updated ? (Math.floor(event.updated / 3600) + 1) * 3600 * 1000 : null),
    locate: (event) => ({ latitude: event.latitude, longitude: event.longitude }),
    match: (event, snapshot, index, ctx) => matchWeather(event, snapshot, index, ctx, settings.change_alert),
    explainRule: (event, rule, ctx) => explainWeatherRule(event, rule, ctx, settings.change_alert, (condition) => setup.services.gameData().weatherName(condition)),
    eventIds: (event) => [event.cellId],
    enrich: (event) => weatherView({ event, gameData: setup.services.gameData(), altered: altered(event), images: imagesOf(setup, event.condition), icon: creatureIcon(setup), creaturesOnMap: settings.show_altered_creatures_static_map }),
    enrichLanguage: (event, view, scope) => weatherLanguageView({ event, gameData: setup.services.gameData(), altered: altered(event), scope, icon: creatureIcon(setup), tth: view['tth'] }),
    clientConfig: WEATHER_CLIENT_CONFIG,
  });
}
