/**
 * Builders for the weather plugin tests: Golbat-shaped weather and pokemon webhooks, `weather` rows, the plugin
 * built on the fixture game data, hook contexts and a snapshot holding the rules.
 */
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import type { AlertPlugin, HookContext, MatchContext } from '../../../core/contract.ts';
import { type WeatherCells } from '../../../core/geo/index.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import type { Human, NamedLocation, Snapshot, TrackingRow } from '../../../core/model.ts';
import { pluginSnapshot } from '../../helpers/plugin-snapshot.ts';
import weatherPlugin from '../../../plugins/weather/index.ts';
import type { WeatherEvent } from '../../../plugins/weather/event.ts';
import type { WeatherIndex } from '../../../plugins/weather/rule.ts';
import { weatherCellId } from '../../../core/geo/s2-cell.ts';
import { fixtureGameData, NOW_S, pokemonHook } from '../monster/support.ts';

export { fixtureGameData, NOW_S, pokemonHook };

export const LAT = 51.28;
export const LON = 1.08;
export const CELL = weatherCellId(LAT, LON);

export function weatherHook(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    s2_cell_id: 5170709059331571712,
    latitude: LAT,
    longitude: LON,
    polygon: [[51.27, 1.07], [51.27, 1.09], [51.29, 1.09], [51.29, 1.07]],
    gameplay_condition: 2,
    wind_direction: 180,
    cloud_level: 1,
    rain_level: 2,
    wind_level: 0,
    snow_level: 0,
    fog_level: 0,
    special_effect_level: 0,
    severity: 0,
    warn_weather: false,
    updated: NOW_S,
    ...overrides,
  };
}

let nextUid = 5000;

export function weatherRow(humanId: string, overrides: Record<string, unknown> = {}): TrackingRow {
  return { uid: ++nextUid, id: humanId, profile_no: 1, ping: '', template: 1, clean: 0, condition: 0, cell: CELL, ...overrides };
}

export function human(id: string, overrides: Partial<Human> = {}): Human {
  return {
    id,
    type: 'discord:user',
    name: id,
    enabled: true,
    area: ['downtown'],
    latitude: 0,
    longitude: 0,
    fails: 0,
    lastChecked: null,
    language: null,
    adminDisable: false,
    disabledDate: null,
    currentProfileNo: 1,
    communityMembership: [],
    areaRestriction: null,
    notes: '',
    blockedAlerts: null,
    ...overrides,
  };
}

export type WeatherPlugin = AlertPlugin<WeatherEvent, WeatherIndex>;

export const ON = { weather: { change_alert: true, show_altered_creatures: true } };

/** the plugin on the fixture game data; `weatherCells` is the core's weather per cell it publishes to */
export async function buildPlugin(config: Record<string, unknown> = ON, weatherCells?: WeatherCells): Promise<WeatherPlugin> {
  return weatherPlugin(await testPluginSetup({ config, stickers: true, weatherCells })) as WeatherPlugin;
}

export function hookContext(webhookType = 'weather', nowS = NOW_S): HookContext {
  return { meta: { eventId: 'test-event', webhookType, receivedAt: nowS * 1000 }, log: silentLogger(), now: () => nowS * 1000 };
}

export function matchContext(areas: readonly string[] = []): MatchContext {
  return { ...hookContext(), fences: [], areaNames: new Set(areas.map((a) => a.toLowerCase())) };
}

export function snapshotWith(plugin: WeatherPlugin, humans: readonly Human[], rows: readonly TrackingRow[], locations: readonly NamedLocation[] = []): Snapshot {
  return pluginSnapshot(plugin, { humans, profiles: [], locations, tables: new Map([['weather', rows]]) });
}

/** Feeds a webhook through parse and (for a weather event) observe, as the pipeline does; returns the event. */
export function feed(plugin: WeatherPlugin, type: 'weather' | 'pokemon', hook: Record<string, unknown>, nowS = NOW_S): WeatherEvent | null {
  const ctx = hookContext(type, nowS);
  const outcome = plugin.parse(hook, ctx);
  if (!outcome.ok) {
    if (!outcome.skip) throw new Error(`parse failed: ${outcome.reason}`);
    return null;
  }
  plugin.observe?.(outcome.event, ctx);
  return outcome.event;
}

/** A cell whose condition was `from` and now changes to `to`: the change event. */
export function changeEvent(plugin: WeatherPlugin, from: number, to: number, overrides: Record<string, unknown> = {}): WeatherEvent {
  feed(plugin, 'weather', weatherHook({ gameplay_condition: from, updated: NOW_S - 3600, ...overrides }));
  return feed(plugin, 'weather', weatherHook({ gameplay_condition: to, ...overrides }))!;
}
