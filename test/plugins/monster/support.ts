/**
 * Builders for the monster plugin tests: Golbat-shaped pokemon webhooks, `monsters` rows with the table's
 * defaults, the plugin built on the fixture game data, and hook contexts.
 */
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import type { AlertPlugin, HookContext, MatchContext } from '../../../core/contract.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { pluginSnapshot } from '../../helpers/plugin-snapshot.ts';
import type { Human, NamedLocation, Snapshot, TrackingRow } from '../../../core/model.ts';
import monsterPlugin from '../../../plugins/monster/index.ts';
import { FILTER_DEFAULTS } from '../../../plugins/monster/defaults.ts';
import type { MonsterEvent } from '../../../plugins/monster/event.ts';
import type { MonsterIndex } from '../../../plugins/monster/rule-index.ts';

export const NOW_S = 1_800_000_000;

export function pokemonHook(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    encounter_id: '1234567890123',
    spawnpoint_id: '47ded985e71',
    pokestop_id: 'None',
    pokestop_name: null,
    pokemon_id: 25,
    form: 0,
    costume: 0,
    latitude: 48.1365,
    longitude: 11.572,
    disappear_time: NOW_S + 1200,
    disappear_time_verified: true,
    first_seen: NOW_S - 300,
    last_modified_time: NOW_S - 10,
    gender: 1,
    cp: 500,
    individual_attack: 15,
    individual_defense: 14,
    individual_stamina: 13,
    pokemon_level: 20,
    move_1: 221,
    move_2: 14,
    weight: 6.5,
    height: 0.4,
    size: 3,
    weather: 0,
    capture_1: 0,
    capture_2: 0,
    capture_3: 0,
    shiny: false,
    username: null,
    display_pokemon_id: null,
    display_pokemon_form: null,
    is_event: 0,
    seen_type: 'encounter',
    pvp: null,
    ...overrides,
  };
}

/** the same sighting before an encounter: no IVs, no CP, no moves */
export function unencounteredHook(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return pokemonHook({
    cp: null,
    individual_attack: null,
    individual_defense: null,
    individual_stamina: null,
    pokemon_level: null,
    move_1: null,
    move_2: null,
    weight: null,
    height: null,
    size: null,
    seen_type: 'wild',
    ...overrides,
  });
}

let nextUid = 1000;

/** a monsters row as the previous generation's API writes it by default */
export function monsterRow(humanId: string, overrides: Record<string, unknown> = {}): TrackingRow {
  return {
    uid: ++nextUid,
    id: humanId,
    profile_no: 1,
    ping: '',
    clean: 0,
    template: null,
    pokemon_id: 25,
    distance: 0,
    form: 0,
    ...FILTER_DEFAULTS,
    override_location_label: null,
    override_areas: null,
    ...overrides,
  };
}

export { fixtureGameData } from '../../helpers/plugin-setup.ts';

export type MonsterPlugin = AlertPlugin<MonsterEvent, MonsterIndex>;

export async function buildPlugin(config: Record<string, unknown> = {}): Promise<MonsterPlugin> {
  return monsterPlugin(await testPluginSetup({ config })) as MonsterPlugin;
}

export function hookContext(nowS = NOW_S): HookContext {
  return { meta: { eventId: 'test-event', webhookType: 'pokemon', receivedAt: nowS * 1000 }, log: silentLogger(), now: () => nowS * 1000 };
}

export function matchContext(areas: readonly string[] = [], nowS = NOW_S): MatchContext {
  return { ...hookContext(nowS), fences: [], areaNames: new Set(areas.map((a) => a.toLowerCase())) };
}

export function snapshotWith(plugin: MonsterPlugin, humans: readonly Human[], rows: readonly TrackingRow[], locations: readonly NamedLocation[] = []): Snapshot {
  return pluginSnapshot(plugin, { humans, profiles: [], locations, tables: new Map([['monsters', rows]]) });
}

export function parsed(plugin: MonsterPlugin, hook: Record<string, unknown>): MonsterEvent {
  const outcome = plugin.parse(hook, hookContext());
  if (!outcome.ok) throw new Error(`parse failed: ${outcome.reason}`);
  return outcome.event;
}

/** the uids of the rules matched, in order */
export function matchedUids(plugin: MonsterPlugin, snapshot: Snapshot, hook: Record<string, unknown>, areas: readonly string[] = [], nowS = NOW_S): number[] {
  const event = parsed(plugin, hook);
  return plugin.match(event, snapshot, snapshot.index<MonsterIndex>(plugin.name), matchContext(areas, nowS)).map((m) => m.ruleUid);
}
