/**
 * The parse hook: a Golbat or RDM `pokemon` webhook → MonsterEvent, or the reason it cannot be used.
 * Legacy spellings other scanners send are accepted: `verified`, `base_catch`/`great_catch`/`ultra_catch`,
 * `boosted_weather`, `display_form`, numeric `spawnpoint_id`, and `"None"` for missing spawnpoint/stop ids.
 */
import type { ParseOutcome } from '../../core/contract.ts';
import { asPayload, PayloadFields } from '../../core/payload/index.ts';
import type { IndividualValues, MonsterEvent, SeenType } from './event.ts';
import { readPvp } from './pvp-parse.ts';

const SEEN_TYPES: Readonly<Record<string, SeenType>> = {
  encounter: 'encounter',
  wild: 'wild',
  nearby_stop: 'pokestop',
  nearby_cell: 'cell',
  lure_wild: 'lure',
  lure_encounter: 'lure',
  tappable_encounter: 'encounter',
  tappable_lure_encounter: 'lure',
};

const IV = { min: 0, max: 15 };

function ivPercent(atk: number, def: number, sta: number): number {
  return Math.round(((atk + def + sta) / 45) * 10000) / 100;
}

function readStats(f: PayloadFields): IndividualValues | null {
  const atk = f.nullableInt('individual_attack', IV);
  const def = f.nullableInt('individual_defense', IV);
  const sta = f.nullableInt('individual_stamina', IV);
  if (atk === null || def === null || sta === null) return null;
  return {
    atk,
    def,
    sta,
    iv: ivPercent(atk, def, sta),
    cp: f.optionalInt('cp', 0, { min: 0 }),
    level: f.optionalNumber('pokemon_level', 0, { min: 0, max: 60 }),
  };
}

function idOrNone(f: PayloadFields, key: string): string {
  const id = f.optionalString(key, 'None');
  return id === '' ? 'None' : id;
}

function seenType(f: PayloadFields, encountered: boolean, spawnpointId: string, pokestopId: string): SeenType {
  const raw = f.optionalString('seen_type');
  const known = SEEN_TYPES[raw];
  if (known) return known;
  if (raw !== '') f.report(`seen_type must be one of ${Object.keys(SEEN_TYPES).join(', ')} (found ${JSON.stringify(raw)})`);
  if (encountered) return 'encounter';
  if (spawnpointId === 'None') return pokestopId === 'None' ? 'cell' : 'pokestop';
  return 'wild';
}

function readCapture(f: PayloadFields): readonly [number, number, number] | null {
  const rate = (key: string, legacy: string): number => f.optionalNumber(key, 0, { min: 0, max: 1 }) || f.optionalNumber(legacy, 0, { min: 0, max: 1 });
  const rates = [rate('capture_1', 'base_catch'), rate('capture_2', 'great_catch'), rate('capture_3', 'ultra_catch')] as const;
  return rates.some((r) => r > 0) ? rates : null;
}

export function parseMonster(raw: unknown): ParseOutcome<MonsterEvent> {
  const payload = asPayload(raw);
  if (!payload) return { ok: false, reason: 'pokemon message must be an object' };
  const f = new PayloadFields(payload);
  const encounterId = f.requiredString('encounter_id');
  const pokemonId = f.requiredInt('pokemon_id', { min: 1, max: 100000 });
  const { latitude, longitude } = f.coordinates();
  const form = f.optionalInt('form', 0, { min: 0 });
  const stats = readStats(f);
  const spawnpointId = idOrNone(f, 'spawnpoint_id');
  const pokestopId = idOrNone(f, 'pokestop_id');
  const event: MonsterEvent = {
    encounterId,
    pokemonId,
    form,
    costume: f.optionalInt('costume', 0, { min: 0 }),
    gender: f.optionalInt('gender', 0, { min: 0, max: 3 }),
    latitude,
    longitude,
    disappearTime: f.optionalInt('disappear_time', 0, { min: 0 }),
    disappearTimeVerified: f.nullableBool('disappear_time_verified') ?? f.optionalBool('verified', false),
    firstSeen: f.optionalInt('first_seen', 0, { min: 0 }),
    stats,
    move1: f.optionalInt('move_1', 0, { min: 0 }),
    move2: f.optionalInt('move_2', 0, { min: 0 }),
    weight: f.optionalNumber('weight', 0, { min: 0 }),
    height: f.optionalNumber('height', 0, { min: 0 }),
    size: f.optionalInt('size', 0, { min: 0, max: 5 }),
    weather: f.has('boosted_weather') ? f.optionalInt('boosted_weather', 0, { min: 0, max: 7 }) : f.optionalInt('weather', 0, { min: 0, max: 7 }),
    capture: readCapture(f),
    shiny: f.nullableBool('shiny'),
    displayPokemonId: f.optionalInt('display_pokemon_id', 0, { min: 0 }),
    displayForm: f.has('display_pokemon_form') ? f.optionalInt('display_pokemon_form', 0, { min: 0 }) : f.optionalInt('display_form', 0, { min: 0 }),
    seenType: seenType(f, stats !== null, spawnpointId, pokestopId),
    spawnpointId,
    pokestopId,
    pokestopName: f.optionalString('pokestop_name'),
    isEvent: f.optionalBool('is_event', false),
    username: f.optionalString('username'),
    pvp: stats ? readPvp(f, pokemonId, form) : new Map(),
    raw: payload,
  };
  const problem = f.problem;
  return problem ? { ok: false, reason: problem } : { ok: true, event };
}
