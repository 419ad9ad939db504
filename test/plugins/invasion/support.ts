/**
 * Builders for the invasion plugin tests: Golbat-shaped invasion webhooks, `invasion` rows with the table's
 * defaults, the plugin built on the fixture game data, snapshots and hook contexts.
 */
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import type { AlertPlugin, HookContext, MatchContext } from '../../../core/contract.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import type { Human, NamedLocation, Snapshot, TrackingRow } from '../../../core/model.ts';
import { pluginSnapshot } from '../../helpers/plugin-snapshot.ts';
import invasionPlugin from '../../../plugins/invasion/index.ts';
import type { InvasionEvent } from '../../../plugins/invasion/event.ts';
import type { InvasionIndex } from '../../../plugins/invasion/match.ts';

export const NOW_S = 1_800_000_000;

export function invasionHook(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '4469227166437465786',
    pokestop_id: 'stop-1',
    latitude: 48.1365,
    longitude: 11.572,
    pokestop_name: 'Fountain',
    url: 'https://example.invalid/stop.jpg',
    enabled: true,
    start: NOW_S - 60,
    incident_expire_timestamp: NOW_S + 1740,
    expiration: NOW_S + 1740,
    display_type: 1,
    style: 1,
    grunt_type: 6,
    character: 6,
    updated: NOW_S - 30,
    confirmed: false,
    lineup: null,
    ...overrides,
  };
}

let nextUid = 5000;

/** an invasion row as the previous generation writes it by default */
export function invasionRow(humanId: string, overrides: Record<string, unknown> = {}): TrackingRow {
  return {
    uid: ++nextUid,
    id: humanId,
    profile_no: 1,
    ping: '',
    clean: 0,
    template: null,
    distance: 0,
    gender: 0,
    grunt_type: 'everything',
    override_location_label: null,
    override_areas: null,
    ...overrides,
  };
}

export type InvasionPlugin = AlertPlugin<InvasionEvent, InvasionIndex>;

export async function buildPlugin(config: Record<string, unknown> = {}): Promise<InvasionPlugin> {
  return invasionPlugin(await testPluginSetup({ config })) as InvasionPlugin;
}

export function hookContext(webhookType = 'invasion'): HookContext {
  return { meta: { eventId: 'test-event', webhookType, receivedAt: NOW_S * 1000 }, log: silentLogger(), now: () => NOW_S * 1000 };
}

export function matchContext(areas: readonly string[] = []): MatchContext {
  return { ...hookContext(), fences: [], areaNames: new Set(areas.map((a) => a.toLowerCase())) };
}

export function snapshotWith(plugin: InvasionPlugin, humans: readonly Human[], rows: readonly TrackingRow[], locations: readonly NamedLocation[] = []): Snapshot {
  return pluginSnapshot(plugin, { humans, profiles: [], locations, tables: new Map([['invasion', rows]]) });
}

export function parsed(plugin: InvasionPlugin, hook: Record<string, unknown>, webhookType = 'invasion'): InvasionEvent {
  const outcome = plugin.parse(hook, hookContext(webhookType));
  if (!outcome.ok) throw new Error(`parse failed: ${outcome.reason}`);
  return outcome.event;
}

export function matchedUids(plugin: InvasionPlugin, snapshot: Snapshot, hook: Record<string, unknown>, areas: readonly string[] = []): number[] {
  return plugin.match(parsed(plugin, hook), snapshot, snapshot.index<InvasionIndex>(plugin.name), matchContext(areas)).map((m) => m.ruleUid);
}
