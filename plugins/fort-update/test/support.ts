/**
 * Builders for the fort-update plugin tests: Golbat `fort_update` webhooks, `forts` rows, the plugin on the
 * fixture game data, snapshots and hook contexts.
 */
import { testPluginSetup, type TestSetupOptions } from '../../../test/helpers/plugin-setup.ts';
import type { AlertPlugin, HookContext, MatchContext } from '../../../core/contract.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import type { Human, NamedLocation, Snapshot, TrackingRow } from '../../../core/model.ts';
import { pluginSnapshot } from '../../../test/helpers/plugin-snapshot.ts';
import fortUpdatePlugin from '../index.ts';
import type { FortEvent } from '../event.ts';
import type { FortIndex } from '../rule.ts';

export function fortSide(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: 'fort-1.16', type: 'pokestop', name: 'Painted Bench', description: 'A bench', image_url: 'https://example.invalid/bench.jpg', location: { lat: 48.1365, lon: 11.572 }, ...overrides };
}

/** an edit of the name by default */
export function fortHook(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { change_type: 'edit', edit_types: ['name'], old: fortSide({ name: 'Bench' }), new: fortSide(), ...overrides };
}

let nextUid = 7000;

export function fortRow(humanId: string, overrides: Record<string, unknown> = {}): TrackingRow {
  return {
    uid: ++nextUid,
    id: humanId,
    profile_no: 1,
    ping: '',
    distance: 0,
    template: '',
    fort_type: 'everything',
    include_empty: 1,
    change_types: '[]',
    override_location_label: null,
    override_areas: null,
    ...overrides,
  };
}

export type FortPlugin = AlertPlugin<FortEvent, FortIndex>;

export async function buildFort(options: TestSetupOptions = {}): Promise<FortPlugin> {
  return fortUpdatePlugin(await testPluginSetup(options));
}

export function hookContext(): HookContext {
  return { meta: { eventId: 'test-event', webhookType: 'fort_update', receivedAt: 0 }, log: silentLogger(), now: () => 0 };
}

export function matchContext(areas: readonly string[] = []): MatchContext {
  return { ...hookContext(), fences: [], areaNames: new Set(areas.map((a) => a.toLowerCase())) };
}

export function snapshotWith(plugin: FortPlugin, humans: readonly Human[], rows: readonly TrackingRow[], locations: readonly NamedLocation[] = []): Snapshot {
  return pluginSnapshot(plugin, { humans, profiles: [], locations, tables: new Map([['forts', rows]]) });
}

export function parsed(plugin: FortPlugin, hook: unknown): FortEvent {
  const outcome = plugin.parse(hook, hookContext());
  if (!outcome.ok) throw new Error(`parse failed: ${outcome.reason}`);
  return outcome.event;
}
