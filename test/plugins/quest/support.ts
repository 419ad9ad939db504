/**
 * Builders for the quest plugin tests: Golbat-shaped quest webhooks, `quest` rows with the table's defaults,
 * the plugin built on the fixture game data, snapshots and hook contexts.
 */
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import type { AlertPlugin, HookContext, MatchContext } from '../../../core/contract.ts';
import type { GameData } from '../../../core/gamedata/game-data.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import type { Human, NamedLocation, Snapshot, TrackingRow } from '../../../core/model.ts';
import { pluginSnapshot } from '../../helpers/plugin-snapshot.ts';
import type { QuestEvent } from '../../../plugins/quest/event.ts';
import questPlugin from '../../../plugins/quest/index.ts';
import type { QuestIndex } from '../../../plugins/quest/rule-index.ts';
import { fixtureGameData } from '../monster/support.ts';

export { fixtureGameData };

export const NOW_S = 1_800_000_000;

export function questHook(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    pokestop_id: 'stop-1.16',
    latitude: 48.1365,
    longitude: 11.572,
    pokestop_name: 'Old Mill',
    pokestop_url: 'https://photos.test/mill.jpg',
    type: 4,
    target: 5,
    template: 'challenge_catch_easy',
    title: 'quest_catch_pokemon_plural',
    conditions: [],
    rewards: [{ type: 2, info: { item_id: 1301, amount: 3 } }],
    updated: NOW_S,
    ar_scan_eligible: 1,
    with_ar: false,
    quest_seed: '123',
    ...overrides,
  };
}

export function reward(type: number, info: Record<string, unknown>): Record<string, unknown> {
  return { type, info };
}

let nextUid = 5000;

export function questRow(humanId: string, overrides: Record<string, unknown> = {}): TrackingRow {
  return {
    uid: ++nextUid,
    id: humanId,
    profile_no: 1,
    ping: '',
    clean: 0,
    template: null,
    reward_type: 2,
    reward: 0,
    form: 0,
    amount: 0,
    shiny: 0,
    distance: 0,
    override_location_label: null,
    override_areas: null,
    ...overrides,
  };
}

export type QuestPlugin = AlertPlugin<QuestEvent, QuestIndex>;

export async function buildPlugin(config: Record<string, unknown> = {}, gameData?: GameData): Promise<QuestPlugin> {
  return questPlugin(await testPluginSetup({ config, gameData, stickers: true })) as QuestPlugin;
}

export function hookContext(nowS = NOW_S): HookContext {
  return { meta: { eventId: 'test-event', webhookType: 'quest', receivedAt: nowS * 1000 }, log: silentLogger(), now: () => nowS * 1000 };
}

export function matchContext(areas: readonly string[] = []): MatchContext {
  return { ...hookContext(), fences: [], areaNames: new Set(areas.map((a) => a.toLowerCase())) };
}

export function snapshotWith(plugin: QuestPlugin, humans: readonly Human[], rows: readonly TrackingRow[], locations: readonly NamedLocation[] = []): Snapshot {
  return pluginSnapshot(plugin, { humans, profiles: [], locations, tables: new Map([['quest', rows]]) });
}

export function parsed(plugin: QuestPlugin, hook: Record<string, unknown>): QuestEvent {
  const outcome = plugin.parse(hook, hookContext());
  if (!outcome.ok) throw new Error(`parse failed: ${outcome.reason}`);
  return outcome.event;
}

export function matchedUids(plugin: QuestPlugin, snapshot: Snapshot, hook: Record<string, unknown>, areas: readonly string[] = []): number[] {
  const event = parsed(plugin, hook);
  return plugin.match(event, snapshot, snapshot.index<QuestIndex>(plugin.name), matchContext(areas)).map((m) => m.ruleUid);
}
