/**
 * Builders for the gym plugin tests: Golbat `gym_details` webhooks, `gym` rows, the plugin built on the
 * fixture game data in a temporary root (its state file lives there), snapshots and hook contexts.
 */
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HookContext, MatchContext } from '../../../core/contract.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import type { Human, NamedLocation, Snapshot, TrackingRow } from '../../../core/model.ts';
import { pluginSnapshot } from '../../helpers/plugin-snapshot.ts';
import { createGymPlugin } from '../../../plugins/gym/index.ts';
import type { GymEvent } from '../../../plugins/gym/event.ts';
import type { GymIndex } from '../../../plugins/gym/rule.ts';

export function gymHook(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'gym-1.16',
    name: 'Fountain Square',
    url: 'https://example.invalid/fountain.png',
    latitude: 48.1365,
    longitude: 11.572,
    team: 2,
    guard_pokemon_id: 143,
    slots_available: 3,
    ex_raid_eligible: 1,
    in_battle: false,
    sponsor_id: 0,
    partner_id: 0,
    power_up_points: 0,
    power_up_level: 0,
    power_up_end_timestamp: 0,
    ar_scan_eligible: 0,
    defenders: null,
    ...overrides,
  };
}

let nextUid = 5000;

/** a gym row as the chat command writes it by default (any team, areas) */
export function gymRow(humanId: string, overrides: Record<string, unknown> = {}): TrackingRow {
  return {
    uid: ++nextUid,
    id: humanId,
    profile_no: 1,
    ping: '',
    clean: 0,
    distance: 0,
    template: '',
    team: 4,
    slot_changes: 0,
    gym_id: null,
    battle_changes: 0,
    override_location_label: null,
    override_areas: null,
    ...overrides,
  };
}

export type GymPlugin = Awaited<ReturnType<typeof createGymPlugin>>;

export interface BuiltGym extends GymPlugin {
  readonly rootDir: string;
  cleanup(): void;
}

/** The plugin in a fresh temporary root (or `rootDir` to share a state file). */
export async function buildGym(config: Record<string, unknown> = {}, rootDir?: string): Promise<BuiltGym> {
  const root = rootDir ?? mkdtempSync(join(tmpdir(), 'lookout-gym-'));
  const built = await createGymPlugin(await testPluginSetup({ config, rootDir: root }), { stateDebounceMs: 1 });
  return { ...built, rootDir: root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export function hookContext(): HookContext {
  return { meta: { eventId: 'test-event', webhookType: 'gym_details', receivedAt: 0 }, log: silentLogger(), now: () => 0 };
}

export function matchContext(areas: readonly string[] = []): MatchContext {
  return { ...hookContext(), fences: [], areaNames: new Set(areas.map((a) => a.toLowerCase())) };
}

export function snapshotWith(gym: GymPlugin, humans: readonly Human[], rows: readonly TrackingRow[], locations: readonly NamedLocation[] = []): Snapshot {
  return pluginSnapshot(gym.plugin, { humans, profiles: [], locations, tables: new Map([['gym', rows]]) });
}

/** parse + observe, as the pipeline runs them for a new event */
export function receive(gym: GymPlugin, hook: Record<string, unknown>): GymEvent {
  const outcome = gym.plugin.parse(hook, hookContext());
  if (!outcome.ok) throw new Error(`parse failed: ${outcome.reason}`);
  gym.plugin.observe!(outcome.event, hookContext());
  return outcome.event;
}

export function matchedUids(gym: GymPlugin, snapshot: Snapshot, event: GymEvent, areas: readonly string[] = ['downtown']): number[] {
  return gym.plugin.match(event, snapshot, snapshot.index<GymIndex>('gym'), matchContext(areas)).map((m) => m.ruleUid);
}
