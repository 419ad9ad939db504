/**
 * Builders for the max battle plugin tests: Golbat-shaped `max_battle` webhooks, `maxbattle` rows with the
 * table's defaults, the plugin built on the fixture game data, and snapshots holding max battle rules.
 */
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import type { AlertPlugin } from '../../../core/contract.ts';
import type { GameData } from '../../../core/gamedata/game-data.ts';
import type { Human, NamedLocation, Snapshot, TrackingRow } from '../../../core/model.ts';
import { pluginSnapshot } from '../../helpers/plugin-snapshot.ts';
import maxBattlePlugin from '../../../plugins/max-battle/index.ts';
import type { MaxBattleEvent } from '../../../plugins/max-battle/event.ts';
import type { MaxBattleIndex } from '../../../plugins/max-battle/rule.ts';
import { fixtureGameData, hookContext, matchContext, NOW_S } from '../monster/support.ts';

export { fixtureGameData, hookContext, matchContext, NOW_S };

export function maxBattleHook(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'a1b2c3d4e5f6.16',
    name: 'Rathausbrunnen',
    latitude: 48.1374,
    longitude: 11.5755,
    start_time: NOW_S - 600,
    end_time: NOW_S + 3000,
    is_battle_available: true,
    battle_level: 3,
    battle_start: NOW_S - 600,
    battle_end: NOW_S + 1800,
    battle_pokemon_id: 143,
    battle_pokemon_form: 0,
    battle_pokemon_costume: 0,
    battle_pokemon_gender: 1,
    battle_pokemon_alignment: 0,
    battle_pokemon_bread_mode: 1,
    battle_pokemon_move_1: 221,
    battle_pokemon_move_2: 14,
    total_stationed_pokemon: 2,
    total_stationed_gmax: 0,
    updated: NOW_S - 60,
    ...overrides,
  };
}

let nextUid = 7000;

/** a maxbattle row as NG's chat command writes it for a boss (level 90) */
export function maxBattleRow(humanId: string, overrides: Record<string, unknown> = {}): TrackingRow {
  return {
    uid: ++nextUid,
    id: humanId,
    profile_no: 1,
    ping: '',
    clean: 0,
    pokemon_id: 143,
    gmax: 0,
    template: '',
    distance: 0,
    level: 90,
    form: 0,
    move: 9000,
    evolution: 9000,
    station_id: null,
    override_location_label: null,
    override_areas: null,
    ...overrides,
  };
}

export type MaxBattlePlugin = AlertPlugin<MaxBattleEvent, MaxBattleIndex>;

export async function buildMaxBattlePlugin(config: Record<string, unknown> = {}, data?: GameData): Promise<MaxBattlePlugin> {
  return maxBattlePlugin(await testPluginSetup({ config, gameData: data })) as MaxBattlePlugin;
}

export function maxBattleSnapshot(plugin: MaxBattlePlugin, humans: readonly Human[], rows: readonly TrackingRow[], locations: readonly NamedLocation[] = []): Snapshot {
  return pluginSnapshot(plugin, { humans, profiles: [], locations, tables: new Map([['maxbattle', rows]]) });
}

export function parsedBattle(plugin: MaxBattlePlugin, hook: Record<string, unknown>): MaxBattleEvent {
  const outcome = plugin.parse(hook, hookContext());
  if (!outcome.ok) throw new Error(`parse failed: ${outcome.reason}`);
  return outcome.event;
}
