/**
 * Builders for the lure plugin tests: Golbat-shaped pokestop webhooks with a lure, `lures` rows with the
 * table's defaults, the plugin built on the fixture game data, snapshots and hook contexts.
 */
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import type { AlertPlugin, HookContext, MatchContext } from '../../../core/contract.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import type { Human, NamedLocation, Snapshot, TrackingRow } from '../../../core/model.ts';
import { pluginSnapshot } from '../../helpers/plugin-snapshot.ts';
import lurePlugin from '../../../plugins/lure/index.ts';
import type { LureEvent } from '../../../plugins/lure/event.ts';
import type { LureIndex } from '../../../plugins/lure/match.ts';

export const NOW_S = 1_800_000_000;

export function stopHook(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    pokestop_id: 'stop-7',
    latitude: 48.1365,
    longitude: 11.572,
    name: 'Bandstand',
    url: 'https://example.invalid/stop.jpg',
    lure_expiration: NOW_S + 1800,
    last_modified: NOW_S,
    enabled: true,
    lure_id: 503,
    ar_scan_eligible: 0,
    power_up_level: 0,
    power_up_points: 0,
    power_up_end_timestamp: 0,
    updated: NOW_S,
    ...overrides,
  };
}

let nextUid = 7000;

export function lureRow(humanId: string, overrides: Record<string, unknown> = {}): TrackingRow {
  return { uid: ++nextUid, id: humanId, profile_no: 1, ping: '', clean: 0, template: null, distance: 0, lure_id: 0, override_location_label: null, override_areas: null, ...overrides };
}

export type LurePlugin = AlertPlugin<LureEvent, LureIndex>;

export async function buildPlugin(config: Record<string, unknown> = {}): Promise<LurePlugin> {
  return lurePlugin(await testPluginSetup({ config })) as LurePlugin;
}

export function hookContext(): HookContext {
  return { meta: { eventId: 'test-event', webhookType: 'pokestop', receivedAt: NOW_S * 1000 }, log: silentLogger(), now: () => NOW_S * 1000 };
}

export function matchContext(areas: readonly string[] = []): MatchContext {
  return { ...hookContext(), fences: [], areaNames: new Set(areas.map((a) => a.toLowerCase())) };
}

export function snapshotWith(plugin: LurePlugin, humans: readonly Human[], rows: readonly TrackingRow[], locations: readonly NamedLocation[] = []): Snapshot {
  return pluginSnapshot(plugin, { humans, profiles: [], locations, tables: new Map([['lures', rows]]) });
}

export function parsed(plugin: LurePlugin, hook: Record<string, unknown>): LureEvent {
  const outcome = plugin.parse(hook, hookContext());
  if (!outcome.ok) throw new Error(`parse failed: ${outcome.reason}`);
  return outcome.event;
}

export function matchedUids(plugin: LurePlugin, snapshot: Snapshot, hook: Record<string, unknown>, areas: readonly string[] = []): number[] {
  return plugin.match(parsed(plugin, hook), snapshot, snapshot.index<LureIndex>(plugin.name), matchContext(areas)).map((m) => m.ruleUid);
}
