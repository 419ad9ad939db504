/**
 * The parse hook: a Golbat or RDM `raid` webhook → RaidEvent, or the reason it cannot be used. Older spellings
 * are accepted: `name`/`url` for the gym's name and photo, `is_ex_raid_eligible` for the EX flag, booleans or
 * 0/1 for the flags, a numeric `partner_id`.
 */
import type { ParseOutcome } from '../../core/contract.ts';
import { asPayload, PayloadFields } from '../../core/payload/index.ts';
import type { RaidEvent, RaidRsvp } from './event.ts';

/** raid levels the game uses today are 1–15; a little headroom for new ones */
const LEVEL = { min: 1, max: 50 };
const ID = { min: 0 };

function firstString(f: PayloadFields, keys: readonly string[]): string {
  for (const key of keys) if (f.has(key)) return f.optionalString(key);
  return '';
}

function exEligible(f: PayloadFields): boolean {
  if (f.has('ex_raid_eligible')) return f.optionalBool('ex_raid_eligible', false);
  return f.optionalBool('is_ex_raid_eligible', false);
}

function readRsvps(f: PayloadFields): RaidRsvp[] {
  const value = f.value('rsvps');
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    f.report('rsvps must be an array or null');
    return [];
  }
  const rsvps: RaidRsvp[] = [];
  for (const [i, entry] of value.entries()) {
    const slot = asPayload(entry);
    if (!slot) {
      f.report(`rsvps[${i}] must be an object`);
      continue;
    }
    const s = new PayloadFields(slot);
    const rsvp = { timeslot: s.requiredInt('timeslot', ID), goingCount: s.optionalInt('going_count', 0, ID), maybeCount: s.optionalInt('maybe_count', 0, ID) };
    if (s.problem) f.report(`rsvps[${i}].${s.problem}`);
    else rsvps.push(rsvp);
  }
  return rsvps.sort((a, b) => a.timeslot - b.timeslot);
}

export function parseRaid(raw: unknown): ParseOutcome<RaidEvent> {
  const payload = asPayload(raw);
  if (!payload) return { ok: false, reason: 'raid message must be an object' };
  const f = new PayloadFields(payload);
  const gymId = f.requiredString('gym_id');
  const { latitude, longitude } = f.coordinates();
  const start = f.requiredInt('start', ID);
  const end = f.requiredInt('end', ID);
  const event: RaidEvent = {
    gymId,
    gymName: firstString(f, ['gym_name', 'name']),
    gymUrl: firstString(f, ['gym_url', 'url']),
    latitude,
    longitude,
    teamId: f.optionalInt('team_id', 0, { min: 0, max: 3 }),
    spawn: f.optionalInt('spawn', 0, ID),
    start,
    end,
    level: f.requiredInt('level', LEVEL),
    pokemonId: f.optionalInt('pokemon_id', 0, { min: 0, max: 100000 }),
    form: f.optionalInt('form', 0, ID),
    costume: f.optionalInt('costume', 0, ID),
    gender: f.optionalInt('gender', 0, { min: 0, max: 3 }),
    alignment: f.optionalInt('alignment', 0, ID),
    evolution: f.optionalInt('evolution', 0, ID),
    cp: f.optionalInt('cp', 0, ID),
    move1: f.optionalInt('move_1', 0, ID),
    move2: f.optionalInt('move_2', 0, ID),
    exEligible: exEligible(f),
    isExclusive: f.optionalBool('is_exclusive', false),
    sponsorId: f.optionalInt('sponsor_id', 0, ID),
    arScanEligible: f.optionalBool('ar_scan_eligible', false),
    powerUpLevel: f.optionalInt('power_up_level', 0, ID),
    powerUpPoints: f.optionalInt('power_up_points', 0, ID),
    rsvps: readRsvps(f),
    raw: payload,
  };
  if (!f.problem && end < start) f.report(`end must not be before start (start ${start}, end ${end})`);
  const problem = f.problem;
  return problem ? { ok: false, reason: problem } : { ok: true, event };
}
