/**
 * The parse hook: a Golbat `gym_details` or RDM `gym` webhook → GymEvent, or the reason it cannot be used.
 * Spellings accepted: `id`/`gym_id`, `team`/`team_id`, `in_battle`/`is_in_battle`, `ex_raid_eligible`/
 * `is_ex_raid_eligible`. The change is computed against `previous`, the gym's last known state.
 */
import type { ParseOutcome } from '../../core/contract.ts';
import { asPayload, PayloadFields } from '../../core/payload/index.ts';
import { gymChange } from './change.ts';
import type { GymEvent, GymState } from './event.ts';

const TEAM = { min: 0, max: 3 };
const SLOTS = { min: 0, max: 6 };

function firstPresent(f: PayloadFields, keys: readonly string[]): string {
  return keys.find((k) => f.has(k)) ?? keys[0]!;
}

export function parseGym(raw: unknown, previousOf: (gymId: string) => GymState | undefined): ParseOutcome<GymEvent> {
  const payload = asPayload(raw);
  if (!payload) return { ok: false, reason: 'gym message must be an object' };
  const f = new PayloadFields(payload);
  const gymId = f.requiredString(firstPresent(f, ['id', 'gym_id']));
  const { latitude, longitude } = f.coordinates();
  const team = f.requiredInt(firstPresent(f, ['team', 'team_id']), TEAM);
  const state: GymState = {
    team,
    slotsAvailable: f.optionalInt('slots_available', 6, SLOTS),
    inBattle: f.optionalBool(firstPresent(f, ['in_battle', 'is_in_battle']), false),
  };
  const exKey = firstPresent(f, ['ex_raid_eligible', 'is_ex_raid_eligible']);
  const event: GymEvent = {
    gymId,
    name: f.optionalString(firstPresent(f, ['name', 'gym_name'])),
    url: f.optionalString(firstPresent(f, ['url', 'gym_url'])),
    latitude,
    longitude,
    state,
    guardPokemonId: f.optionalInt('guard_pokemon_id', 0, { min: 0 }),
    exEligible: f.optionalBool(exKey, false),
    change: null,
  };
  const problem = f.problem;
  if (problem) return { ok: false, reason: problem };
  return { ok: true, event: { ...event, change: gymChange(previousOf(gymId), state) } };
}
