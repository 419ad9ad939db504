/**
 * Builders for the raid plugin tests: Golbat-shaped raid/egg webhooks, `raid` and `egg` rows with the table
 * defaults, the plugin built on the fixture game data, hook contexts and a snapshot over both tables.
 */
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import type { AlertPlugin, HookContext, MatchContext, View } from '../../../core/contract.ts';
import { type WeatherCells } from '../../../core/geo/index.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import type { Human, NamedLocation, Snapshot, TrackingRow } from '../../../core/model.ts';
import { layer } from '../../../core/pipeline/view.ts';
import { pluginSnapshot } from '../../helpers/plugin-snapshot.ts';
import raidPlugin from '../../../plugins/raid/index.ts';
import type { RaidEvent } from '../../../plugins/raid/event.ts';
import type { RaidIndex } from '../../../plugins/raid/rule-index.ts';
import { fixtureGameData } from '../monster/support.ts';

export { fixtureGameData };

export const NOW_S = 1_800_000_000;

/** a level 5 Mewtwo raid at the Old Town gym, 30 minutes left */
export function raidHook(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    gym_id: 'a1b2c3d4.16',
    gym_name: 'Town Hall Fountain',
    gym_url: 'https://images.invalid/gym.png',
    latitude: 48.1365,
    longitude: 11.572,
    team_id: 2,
    spawn: NOW_S - 4500,
    start: NOW_S - 900,
    end: NOW_S + 1800,
    level: 5,
    pokemon_id: 150,
    cp: 54148,
    gender: 3,
    form: 0,
    alignment: 0,
    costume: 0,
    evolution: 0,
    move_1: 221,
    move_2: 14,
    ex_raid_eligible: 1,
    is_exclusive: 0,
    sponsor_id: 0,
    partner_id: '',
    power_up_points: 0,
    power_up_level: 0,
    power_up_end_timestamp: 0,
    ar_scan_eligible: 0,
    rsvps: null,
    raid_seed: '-7672612232807600451',
    ...overrides,
  };
}

/** the same gym's level 5 egg, hatching in 20 minutes */
export function eggHook(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return raidHook({ pokemon_id: 0, cp: 0, gender: 0, move_1: 0, move_2: 0, start: NOW_S + 1200, end: NOW_S + 3900, spawn: NOW_S - 2400, ...overrides });
}

let nextUid = 5000;

/** a raid row as the previous generation's API writes it by default (a level 5 rule) */
export function raidRow(humanId: string, overrides: Record<string, unknown> = {}): TrackingRow {
  return {
    uid: ++nextUid,
    id: humanId,
    profile_no: 1,
    ping: '',
    clean: 0,
    template: null,
    pokemon_id: 9000,
    form: 0,
    level: 5,
    team: 4,
    exclusive: 0,
    move: 9000,
    evolution: 9000,
    costume: 9000,
    gym_id: null,
    rsvp_changes: 0,
    distance: 0,
    override_location_label: null,
    override_areas: null,
    ...overrides,
  };
}

export function eggRow(humanId: string, overrides: Record<string, unknown> = {}): TrackingRow {
  return {
    uid: ++nextUid,
    id: humanId,
    profile_no: 1,
    ping: '',
    clean: 0,
    template: null,
    level: 5,
    team: 4,
    exclusive: 0,
    gym_id: null,
    rsvp_changes: 0,
    distance: 0,
    override_location_label: null,
    override_areas: null,
    ...overrides,
  };
}

export type RaidPlugin = AlertPlugin<RaidEvent, RaidIndex>;

/** the plugin on the fixture game data; `weatherCells` is the core's weather per cell it reads (none: unknown) */
export async function buildPlugin(config: Record<string, unknown> = {}, weatherCells?: WeatherCells): Promise<RaidPlugin> {
  return raidPlugin(await testPluginSetup({ config, stickers: true, weatherCells })) as RaidPlugin;
}

export function hookContext(nowS = NOW_S): HookContext {
  return { meta: { eventId: 'test-event', webhookType: 'raid', receivedAt: nowS * 1000 }, log: silentLogger(), now: () => nowS * 1000 };
}

export function matchContext(areas: readonly string[] = [], nowS = NOW_S): MatchContext {
  return { ...hookContext(nowS), fences: [], areaNames: new Set(areas.map((a) => a.toLowerCase())) };
}

export function snapshotWith(plugin: RaidPlugin, humans: readonly Human[], raids: readonly TrackingRow[], eggs: readonly TrackingRow[] = [], locations: readonly NamedLocation[] = []): Snapshot {
  const tables = new Map([
    ['raid', raids],
    ['egg', eggs],
  ]);
  return pluginSnapshot(plugin, { humans, profiles: [], locations, tables });
}

export function parsed(plugin: RaidPlugin, hook: Record<string, unknown>): RaidEvent {
  const outcome = plugin.parse(hook, hookContext());
  if (!outcome.ok) throw new Error(`parse failed: ${outcome.reason}`);
  return outcome.event;
}

/** parses, observes (as the pipeline does for a new event) and matches; the uids of the rules matched */
export function matchedUids(plugin: RaidPlugin, snapshot: Snapshot, hook: Record<string, unknown>, areas: readonly string[] = ['Old Town'], nowS = NOW_S): number[] {
  const event = parsed(plugin, hook);
  plugin.observe?.(event, hookContext(nowS));
  return plugin.match(event, snapshot, snapshot.index<RaidIndex>(plugin.name), matchContext(areas, nowS)).map((m) => m.ruleUid);
}

/** the English base view with the language/platform layer on top */
export async function viewFor(plugin: RaidPlugin, hook: Record<string, unknown>, language = 'en', platform = 'discord'): Promise<View> {
  const event = parsed(plugin, hook);
  const base = await plugin.enrich!(event, hookContext());
  return layer(base, plugin.enrichLanguage!(event, base, { language, platform }, hookContext()));
}
