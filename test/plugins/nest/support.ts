/**
 * Builders for the nest plugin tests: nest webhooks as nest tools send them, `nests` rows with the table's
 * defaults, the plugin built on the fixture game data, and snapshots holding nest rules.
 */
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import type { AlertPlugin } from '../../../core/contract.ts';
import type { Human, NamedLocation, Snapshot, TrackingRow } from '../../../core/model.ts';
import { pluginSnapshot } from '../../helpers/plugin-snapshot.ts';
import nestPlugin from '../../../plugins/nest/index.ts';
import type { NestEvent } from '../../../plugins/nest/event.ts';
import type { NestIndex } from '../../../plugins/nest/rule.ts';
import { fixtureGameData, hookContext, matchContext } from '../monster/support.ts';

export { fixtureGameData, hookContext, matchContext };

/** 2026-04-02 00:00 UTC, a Thursday */
export const RESET_S = 1_775_088_000;

export function nestHook(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nest_id: 4711,
    name: 'Englischer Garten',
    lat: 48.1642,
    lon: 11.6056,
    pokemon_id: 25,
    form: 0,
    pokemon_count: 96,
    pokemon_avg: 14.64,
    pokemon_ratio: 0.21,
    poly_path: '[[48.160,11.600],[48.168,11.600],[48.168,11.611]]',
    reset_time: RESET_S,
    ...overrides,
  };
}

let nextUid = 5000;

export function nestRow(humanId: string, overrides: Record<string, unknown> = {}): TrackingRow {
  return {
    uid: ++nextUid,
    id: humanId,
    profile_no: 1,
    ping: '',
    clean: 0,
    distance: 0,
    template: null,
    pokemon_id: 25,
    min_spawn_avg: 0,
    form: 0,
    override_location_label: null,
    override_areas: null,
    ...overrides,
  };
}

export type NestPlugin = AlertPlugin<NestEvent, NestIndex>;

export async function buildNestPlugin(config: Record<string, unknown> = {}): Promise<NestPlugin> {
  return nestPlugin(await testPluginSetup({ config, stickers: true })) as NestPlugin;
}

export function nestSnapshot(plugin: NestPlugin, humans: readonly Human[], rows: readonly TrackingRow[], locations: readonly NamedLocation[] = []): Snapshot {
  return pluginSnapshot(plugin, { humans, profiles: [], locations, tables: new Map([['nests', rows]]) });
}

export function parsedNest(plugin: NestPlugin, hook: Record<string, unknown>): NestEvent {
  const outcome = plugin.parse(hook, hookContext());
  if (!outcome.ok) throw new Error(`parse failed: ${outcome.reason}`);
  return outcome.event;
}
