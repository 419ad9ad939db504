/**
 * Scanner webhook messages of every Golbat type the plugins serve, built from the plugins' test fixtures, placed
 * at a point with unique ids and current times; and their hostile mutations (fields of the wrong type, NaN and
 * Infinity as strings, bad coordinates, prototype keys, long and odd strings, missing and extra fields).
 */
import type { Random } from '../../bench/random.ts';
import { fortHook, fortSide } from '../../../plugins/fort-update/test/support.ts';
import { gymHook } from '../../plugins/gym/support.ts';
import { invasionHook } from '../../plugins/invasion/support.ts';
import { stopHook } from '../../plugins/lure/support.ts';
import { maxBattleHook } from '../../plugins/max-battle/support.ts';
import { pokemonHook } from '../../plugins/monster/support.ts';
import { nestHook } from '../../plugins/nest/support.ts';
import { questHook } from '../../plugins/quest/support.ts';
import { eggHook, raidHook } from '../../plugins/raid/support.ts';
import { weatherHook } from '../../plugins/weather/support.ts';
import { BAD_COORDINATES, junkValue, LONE_SURROGATE, NUMBER_STRINGS, ODD_STRINGS, PROTO_KEYS, randomString, withKey } from './junk-values.ts';

export interface Place {
  readonly latitude: number;
  readonly longitude: number;
}

type Message = Record<string, unknown>;

/** the envelope types of Golbat (and the nest tool) with a builder of one live message at `at`, ids from `id` */
const BUILDERS: Readonly<Record<string, (at: Place, id: string, nowS: number, seq: number) => Message>> = {
  pokemon: (at, id, now) => pokemonHook({ ...at, encounter_id: id, disappear_time: now + 1800, first_seen: now - 60, last_modified_time: now - 5 }),
  raid: (at, id, now) => raidHook({ ...at, gym_id: id, spawn: now - 4500, start: now - 900, end: now + 1800 }),
  egg: (at, id, now) => eggHook({ ...at, gym_id: id, spawn: now - 2400, start: now + 1200, end: now + 3900 }),
  gym_details: (at, id) => gymHook({ ...at, id, team: 1 + (id.length % 3) }),
  pokestop: (at, id, now) => stopHook({ ...at, pokestop_id: id, lure_expiration: now + 1800, last_modified: now, updated: now }),
  invasion: (at, id, now) => invasionHook({ ...at, pokestop_id: id, id: `${id}-i`, start: now - 60, incident_expire_timestamp: now + 1700, expiration: now + 1700, updated: now - 30 }),
  quest: (at, id, now) => questHook({ ...at, pokestop_id: id, updated: now }),
  weather: (at, _id, now) => weatherHook({ ...at, updated: now, gameplay_condition: 1 + (now % 7) }),
  fort_update: (at, id) => {
    const side = { id, location: { lat: at.latitude, lon: at.longitude } };
    return fortHook({ old: fortSide({ ...side, name: 'Old bench' }), new: fortSide({ ...side, name: `Bench ${id}` }) });
  },
  max_battle: (at, id, now) => maxBattleHook({ ...at, id, start_time: now - 600, end_time: now + 3000, battle_start: now - 600, battle_end: now + 1800, updated: now - 60 }),
  nest: (at, _id, now, seq) => nestHook({ lat: at.latitude, lon: at.longitude, nest_id: 100_000 + seq, reset_time: now - 3600 }),
};

/** the envelope `type` a builder's message is sent as (an egg is a `raid`) */
export function envelopeType(kind: string): string {
  return kind === 'egg' ? 'raid' : kind;
}

export const HOOK_KINDS: readonly string[] = Object.keys(BUILDERS);

/** One live message of `kind` at `at` with the unique id `id` (`seq` where the id is a number). */
export function scannerMessage(kind: string, at: Place, id: string, nowS: number, seq: number): Message {
  const build = BUILDERS[kind];
  if (!build) throw new Error(`no builder for ${kind}`);
  return build(at, id, nowS, seq);
}

function replaceFields(random: Random, message: Message, count: number, value: (field: string) => unknown): Message {
  const out = { ...message };
  const fields = Object.keys(out);
  for (let i = 0; i < count && fields.length > 0; i++) {
    const field = random.pick(fields);
    out[field] = value(field);
  }
  return out;
}

const COORDINATE_FIELDS = new Set(['latitude', 'longitude', 'lat', 'lon', 'location', 'polygon', 'poly_path']);

/** the message with one hostile change (or a few), chosen by `random`; strings up to `maxLength` characters */
export function mutate(random: Random, message: Message, maxLength: number): Message {
  switch (random.int(0, 8)) {
    case 0:
      return replaceFields(random, message, random.int(1, 4), () => junkValue(random, maxLength));
    case 1:
      return replaceFields(random, message, random.int(1, 3), () => random.pick(NUMBER_STRINGS));
    case 2: {
      const out = { ...message };
      for (const field of Object.keys(out)) if (COORDINATE_FIELDS.has(field)) out[field] = random.pick(BAD_COORDINATES);
      if (typeof out.new === 'object' && out.new !== null) out.new = { ...(out.new as Message), location: random.pick([{ lat: random.pick(BAD_COORDINATES), lon: 1 }, null, 'here', []]) };
      return out;
    }
    case 3: {
      const key = random.pick(PROTO_KEYS);
      const poison = { polluted: 'yes', prototype: { polluted: 'yes' } };
      const out = withKey(key, poison, message);
      const nested = random.pick(Object.keys(message));
      return { ...out, [nested]: withKey(key, poison, { value: message[nested] }) };
    }
    case 4:
      return replaceFields(random, message, random.int(1, 3), () => randomString(random, random.int(Math.min(10_000, maxLength), maxLength)));
    case 5:
      return replaceFields(random, message, random.int(1, 3), () => random.pick([...ODD_STRINGS, LONE_SURROGATE]));
    case 6: {
      const out = { ...message };
      for (const field of Object.keys(out)) if (random.chance(0.4)) delete out[field];
      return out;
    }
    case 7: {
      const out = { ...message };
      for (let i = random.int(1, 20); i > 0; i--) out[randomString(random, random.int(1, 300))] = junkValue(random, maxLength);
      return out;
    }
    default:
      return replaceFields(random, message, Object.keys(message).length, () => junkValue(random, maxLength));
  }
}
