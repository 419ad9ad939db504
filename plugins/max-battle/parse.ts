/**
 * The parse hook: a Golbat `max_battle` webhook → MaxBattleEvent, or the reason it cannot be used. A station
 * without a battle (no `battle_level`, or `is_battle_available` false) is skipped, not counted as malformed.
 * Gigantamax: bread mode 2, or bread mode 0 with a level above 6.
 */
import type { ParseOutcome } from '../../core/contract.ts';
import { asPayload, PayloadFields } from '../../core/payload/index.ts';
import type { MaxBattleEvent } from './event.ts';

const GMAX_BREAD_MODE = 2;
const HIGHEST_DYNAMAX_LEVEL = 6;

export function isGmax(breadMode: number, level: number): boolean {
  return breadMode === GMAX_BREAD_MODE || (breadMode === 0 && level > HIGHEST_DYNAMAX_LEVEL);
}

export function parseMaxBattle(raw: unknown): ParseOutcome<MaxBattleEvent> {
  const payload = asPayload(raw);
  if (!payload) return { ok: false, reason: 'max_battle message must be an object' };
  const f = new PayloadFields(payload);
  const stationId = f.requiredString('id');
  const { latitude, longitude } = f.coordinates();
  const level = f.nullableInt('battle_level', { min: 0 }) ?? 0;
  const available = f.optionalBool('is_battle_available', true);
  if (f.problem === null && (level === 0 || !available)) return { ok: false, reason: 'station without a battle', skip: true };
  const breadMode = f.optionalInt('battle_pokemon_bread_mode', 0, { min: 0 });
  const stationEnd = f.optionalInt('end_time', 0, { min: 0 });
  const event: MaxBattleEvent = {
    stationId,
    stationName: f.optionalString('name'),
    latitude,
    longitude,
    level,
    pokemonId: f.optionalInt('battle_pokemon_id', 0, { min: 0, max: 100000 }),
    form: f.optionalInt('battle_pokemon_form', 0, { min: 0 }),
    costume: f.optionalInt('battle_pokemon_costume', 0, { min: 0 }),
    gender: f.optionalInt('battle_pokemon_gender', 0, { min: 0, max: 3 }),
    alignment: f.optionalInt('battle_pokemon_alignment', 0, { min: 0 }),
    breadMode,
    gmax: isGmax(breadMode, level),
    move1: f.optionalInt('battle_pokemon_move_1', 0, { min: 0 }),
    move2: f.optionalInt('battle_pokemon_move_2', 0, { min: 0 }),
    battleStart: f.optionalInt('battle_start', 0, { min: 0 }),
    battleEnd: f.optionalInt('battle_end', 0, { min: 0 }) || stationEnd,
    stationStart: f.optionalInt('start_time', 0, { min: 0 }),
    stationEnd,
    totalStationed: f.optionalInt('total_stationed_pokemon', 0, { min: 0 }),
    totalStationedGmax: f.optionalInt('total_stationed_gmax', 0, { min: 0 }),
    raw: payload,
  };
  const problem = f.problem;
  return problem ? { ok: false, reason: problem } : { ok: true, event };
}
