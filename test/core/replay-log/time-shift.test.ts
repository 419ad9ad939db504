/**
 * The time shift on payloads shaped like each scanner webhook type (our own small fixtures): every time field
 * moves by the offset (seconds, or milliseconds for RSVP timeslots), everything else stays, the input is not
 * changed; and what the alert plugins read from a shifted payload (their parse functions) is shifted too.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { itemTypes, shiftBody, shiftItem, shiftTime } from '../../../core/replay-log/time-shift.ts';
import { isTimeKey } from '../../../core/replay-log/time-fields.ts';
import { parseMaxBattle } from '../../../plugins/max-battle/parse.ts';
import { parseMonster } from '../../../plugins/monster/parse.ts';
import { parseRaid } from '../../../plugins/raid/parse.ts';
import { parseLure } from '../../../plugins/lure/parse.ts';
import { parseInvasionMessage, parseStopIncident } from '../../../plugins/invasion/parse.ts';
import { parseNest } from '../../../plugins/nest/parse.ts';
import { parseQuest } from '../../../plugins/quest/parse.ts';
import { parseWeather } from '../../../plugins/weather/parse.ts';

/** the time the fixtures were "received": 2024-05-01T18:00:00Z */
const T = 1_714_586_400;
const OFFSET_S = 86_400 * 3 + 125;
const OFFSET_MS = OFFSET_S * 1000 + 400;
const at = { latitude: 48.1365, longitude: 11.572 };

const FIXTURES: Record<string, Record<string, unknown>> = {
  pokemon: { encounter_id: '1234567890', spawnpoint_id: '47decbc1f19', pokemon_id: 25, ...at, disappear_time: T + 900, disappear_time_verified: true, first_seen: T - 120, last_modified_time: T - 5, updated: T, individual_attack: 15, cp: 500 },
  raid: { gym_id: 'g1.16', ...at, level: 5, pokemon_id: 150, spawn: T - 3600, start: T, end: T + 2700, team_id: 1, rsvps: [{ timeslot: (T + 600) * 1000, going_count: 2, maybe_count: 1 }, { timeslot: 0, going_count: 0, maybe_count: 0 }] },
  pokestop: { pokestop_id: 's1.16', ...at, lure_id: 501, lure_expiration: T + 1500, last_modified: T - 60, updated: T, incident_expire_timestamp: 0, power_up_end_timestamp: 0 },
  invasion: { pokestop_id: 's2.16', ...at, grunt_type: 4, display_type: 1, start: T - 300, incident_expire_timestamp: T + 1500, expiration: T + 1500, updated: T },
  gym: { id: 'g2.16', ...at, team: 2, slots_available: 3, last_modified: T - 10, updated: T, power_up_end_timestamp: T + 86_400, defenders: [{ pokemon_id: 143, deployed_ms: 3_600_000, deployed_time: T - 3600 }] },
  max_battle: { id: 'st1.23', ...at, name: 'Station', battle_level: 1, battle_pokemon_id: 328, start_time: T - 600, end_time: T + 3000, battle_start: T - 600, battle_end: T + 3000, updated: T },
  quest: { pokestop_id: 's3.16', ...at, type: 13, target: 5, rewards: [{ type: 2, info: { item_id: 701, amount: 6 } }], updated: T },
  weather: { ...at, s2_cell_id: 1234, gameplay_condition: 3, updated: T },
  nest: { nest_id: 7, lat: at.latitude, lon: at.longitude, pokemon_id: 1, pokemon_avg: 4, reset_time: T - 86_400 },
};

/** the top-level time fields of each fixture: these move, everything else stays */
const TIME_FIELDS: Record<string, readonly string[]> = {
  pokemon: ['disappear_time', 'first_seen', 'last_modified_time', 'updated'],
  raid: ['spawn', 'start', 'end'],
  pokestop: ['lure_expiration', 'last_modified', 'updated'],
  invasion: ['start', 'incident_expire_timestamp', 'expiration', 'updated'],
  gym: ['last_modified', 'updated', 'power_up_end_timestamp'],
  max_battle: ['start_time', 'end_time', 'battle_start', 'battle_end', 'updated'],
  quest: ['updated'],
  weather: ['updated'],
  nest: ['reset_time'],
};

const shifted = (type: string): Record<string, unknown> => (shiftItem({ type, message: FIXTURES[type] }, OFFSET_MS) as { message: Record<string, unknown> }).message;

describe('replay time shift', () => {
  test('a unix-seconds time moves by whole seconds, a milliseconds time by the offset, 0 and non-numbers stay', () => {
    assert.equal(shiftTime(T, OFFSET_MS), T + OFFSET_S);
    assert.equal(shiftTime(T * 1000, OFFSET_MS), T * 1000 + OFFSET_MS);
    assert.equal(shiftTime(0, OFFSET_MS), 0);
    assert.equal(shiftTime(-1, OFFSET_MS), -1);
    assert.equal(shiftTime(null, OFFSET_MS), null);
    assert.equal(shiftTime('1714586400', OFFSET_MS), '1714586400');
    assert.equal(shiftTime(T + 0.25, OFFSET_MS), T + 0.25 + OFFSET_S);
    assert.equal(shiftTime(3, OFFSET_MS), 3, 'a small number is not a time');
    assert.equal(shiftTime(88_824_888, OFFSET_MS), 88_824_888, 'nor a duration in ms');
  });

  test('time fields by name: expiries, starts, ends, sightings; not ids or durations', () => {
    for (const key of ['disappear_time', 'expire_timestamp', 'lure_expiration', 'showcase_expiry', 'incident_start', 'raid_end', 'start', 'end', 'spawn', 'expiration', 'first_seen', 'updated', 'last_modified', 'time_changed', 'timeslot', 'reset_time', 'deployed_time']) {
      assert.ok(isTimeKey(key), key);
    }
    for (const key of ['spawnpoint_id', 'deployed_ms', 'encounter_id', 's2_cell_id', 'endurance', 'start_count', 'pokemon_id']) assert.ok(!isTimeKey(key), key);
  });

  test('every listed field of every type moves by the offset; nothing else changes', () => {
    for (const [type, message] of Object.entries(FIXTURES)) {
      const out = shifted(type);
      const fields = TIME_FIELDS[type]!;
      for (const [key, value] of Object.entries(message)) {
        if (fields.includes(key) && typeof value === 'number' && value > 0) assert.equal(out[key], value + OFFSET_S, `${type}.${key}`);
        else if (!Array.isArray(value)) assert.deepEqual(out[key], value, `${type}.${key} unchanged`);
      }
    }
  });

  test('times inside lists: raid RSVP timeslots (ms) and gym defenders; other list fields stay', () => {
    const raid = shifted('raid').rsvps as { timeslot: number; going_count: number }[];
    assert.deepEqual(raid.map((r) => r.timeslot), [(T + 600) * 1000 + OFFSET_MS, 0]);
    assert.equal(raid[0]!.going_count, 2);
    const defenders = shifted('gym').defenders as { deployed_time: number; deployed_ms: number }[];
    assert.equal(defenders[0]!.deployed_time, T - 3600 + OFFSET_S);
    assert.equal(defenders[0]!.deployed_ms, 3_600_000, 'a duration is not a time');
  });

  test('the input is left as it was; a body without time fields comes back as it is', () => {
    const before = JSON.stringify(FIXTURES.raid);
    shifted('raid');
    assert.equal(JSON.stringify(FIXTURES.raid), before);
    const fort = { type: 'fort_update', message: { change_type: 'new', new: { id: 'f', location: { lat: 1, lon: 2 } } } };
    assert.equal(shiftItem(fort, OFFSET_MS), fort);
  });

  test('a type nobody knows yet is shifted by the same rule, at any depth; small numbers called end stay', () => {
    const out = shiftItem({ type: 'future_thing', message: { expiration: T, level: 3, end: 3, phases: [{ end_time: T + 60, n: 1 }], spawnpoint_id: T } }, OFFSET_MS) as { message: Record<string, unknown> };
    assert.deepEqual(out.message, { expiration: T + OFFSET_S, level: 3, end: 3, phases: [{ end_time: T + 60 + OFFSET_S, n: 1 }], spawnpoint_id: T });
  });

  test('bodies: an array of items or one item; anything that is not an item passes through', () => {
    const body = [{ type: 'quest', message: { updated: T } }, 'junk', { type: 'quest' }, null];
    assert.deepEqual(shiftBody(body, OFFSET_MS), [{ type: 'quest', message: { updated: T + OFFSET_S } }, 'junk', { type: 'quest' }, null]);
    assert.deepEqual(shiftBody({ type: 'quest', message: { updated: T } }, OFFSET_MS), { type: 'quest', message: { updated: T + OFFSET_S } });
    assert.deepEqual(itemTypes(body), ['quest', '?', 'quest', '?']);
    assert.deepEqual(itemTypes({ type: 'raid', message: {} }), ['raid']);
  });

  test('what the plugins read from a shifted payload is shifted: expiries, starts, ends, sightings', () => {
    const ok = <E>(outcome: { ok: true; event: E } | { ok: false; reason: string }): E => {
      if (!outcome.ok) assert.fail(outcome.reason);
      return outcome.event;
    };
    const pairs = <E>(parse: (m: unknown) => { ok: true; event: E } | { ok: false; reason: string }, type: string): [E, E] => [ok(parse(FIXTURES[type])), ok(parse(shifted(type)))];
    const check = <E>([a, b]: [E, E], keys: readonly (keyof E)[], what: string) => {
      for (const k of keys) assert.equal(b[k], (a[k] as number) + OFFSET_S, `${what}.${String(k)}`);
    };
    check(pairs(parseMonster, 'pokemon'), ['disappearTime', 'firstSeen'], 'monster');
    check(pairs(parseRaid, 'raid'), ['spawn', 'start', 'end'], 'raid');
    check(pairs(parseLure, 'pokestop'), ['expiration'], 'lure');
    check(pairs(parseInvasionMessage, 'invasion'), ['expiration', 'start'], 'invasion');
    const { incident_expire_timestamp: _current, expiration: _relayed, ...legacy } = FIXTURES.invasion!;
    const legacyStop = shiftItem({ type: 'pokestop', message: { ...legacy, incident_expiration: T + 1200 } }, OFFSET_MS) as { message: unknown };
    const stop = ok(parseStopIncident(legacyStop.message));
    assert.equal(stop.expiration, T + 1200 + OFFSET_S, 'legacy incident_expiration on a pokestop');
    check(pairs(parseMaxBattle, 'max_battle'), ['battleStart', 'battleEnd', 'stationStart', 'stationEnd'], 'max battle');
    check(pairs(parseNest, 'nest'), ['resetTime'], 'nest');
    check(pairs((m) => parseQuest(m, 0), 'quest'), ['seenAt'], 'quest');
    const recall = { previousCondition: () => null, sightings: () => [] };
    check(pairs((m) => parseWeather(m, recall), 'weather'), ['updated'], 'weather');
  });
});
