/**
 * Checks of the values the human/location/profile routes take from paths and bodies. Anything wrong is a
 * LookoutError of kind input (→ 400) whose message names the field.
 */
import { MAX_LABEL_CHARS } from '../../db/stores/locations.ts';
import { LookoutError } from '../../errors.ts';
import { badField, looseInt, looseNumber } from './loose-json.ts';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const MAX_ID_CHARS = 255;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function isUrlId(id: string): boolean {
  return isHttpUrl(id);
}

/**
 * A human id from a path or body: 1–255 characters, no control characters, not `.`/`..`; an id with a slash
 * or backslash must be an http(s) URL (webhook humans are keyed by their URL).
 */
export function humanId(raw: unknown, field = 'id'): string {
  if (typeof raw !== 'string' && !(typeof raw === 'number' && Number.isSafeInteger(raw))) throw badField(field, 'a string');
  const id = String(raw).trim();
  if (id === '' || [...id].length > MAX_ID_CHARS) throw badField(field, `1 to ${MAX_ID_CHARS} characters`);
  if (CONTROL.test(id) || id === '.' || id === '..') throw badField(field, 'a user, channel or webhook id');
  if (/[/\\]/.test(id) && !isHttpUrl(id)) throw badField(field, 'a user or channel id, or a webhook URL');
  return id;
}

/** A location label: trimmed, 1–64 characters, no control characters, slashes or dot segments. */
export function locationLabel(raw: unknown, field = 'label'): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') throw badField(field, 'a string');
  const label = String(raw).trim();
  if (label === '' || [...label].length > MAX_LABEL_CHARS) throw badField(field, `1 to ${MAX_LABEL_CHARS} characters`);
  if (CONTROL.test(label) || /[/\\]/.test(label) || label === '.' || label === '..') throw badField(field, 'a label without slashes or control characters');
  return label;
}

export function latitude(raw: unknown, field = 'latitude'): number | undefined {
  const n = looseNumber(raw, field);
  if (n !== undefined && Math.abs(n) > 90) throw badField(field, 'between -90 and 90');
  return n;
}

export function longitude(raw: unknown, field = 'longitude'): number | undefined {
  const n = looseNumber(raw, field);
  if (n !== undefined && Math.abs(n) > 180) throw badField(field, 'between -180 and 180');
  return n;
}

/** Both coordinates or neither; 400 when only one is given. */
export function point(lat: unknown, lon: unknown, names: readonly [string, string] = ['latitude', 'longitude']): { latitude: number; longitude: number } | undefined {
  const la = latitude(lat, names[0]);
  const lo = longitude(lon, names[1]);
  if (la === undefined && lo === undefined) return undefined;
  if (la === undefined || lo === undefined) throw new LookoutError('BAD_REQUEST', `${names[0]} and ${names[1]} must be given together`, {});
  return { latitude: la, longitude: lo };
}

/** A profile number ≥ 1. */
export function profileNo(raw: unknown, field = 'profile_no'): number | undefined {
  const n = looseInt(raw, field);
  if (n !== undefined && (n < 1 || n > 1_000_000)) throw badField(field, 'a profile number from 1');
  return n;
}

export function requiredProfileNo(raw: unknown, field = 'profile_no'): number {
  const n = profileNo(raw, field);
  if (n === undefined) throw new LookoutError('BAD_REQUEST', `${field} is required`, { field });
  return n;
}

/** A human type such as `discord:user`, `telegram:channel` or `webhook`. */
export function humanType(raw: unknown, field = 'type'): string {
  if (typeof raw !== 'string' || !/^[a-z][a-z0-9_-]{0,31}(:[a-z][a-z0-9_-]{0,31})?$/.test(raw)) throw badField(field, 'a target type such as discord:user or webhook');
  return raw;
}

/** A language code (`en`, `pt-br`) or null for the server default. */
export function language(raw: unknown, field = 'language'): string | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return null;
  if (typeof raw !== 'string' || !/^[a-z]{2,3}([-_][a-z0-9]{2,8})?$/i.test(raw)) throw badField(field, 'a language code such as en or de');
  return raw.toLowerCase();
}

/** profiles.active_hours is varchar(4096) */
export const MAX_ACTIVE_HOURS_CHARS = 4096;

const HOUR_FIELDS: readonly (readonly [string, number, number])[] = [
  ['day', 1, 7],
  ['hours', 0, 23],
  ['mins', 0, 59],
  ['end_hours', 0, 23],
  ['end_mins', 0, 59],
  ['step', 1, 1440],
];

/** active_hours as JSON text: an array of {day, hours, mins[, end_hours, end_mins, step]} (or JSON text of one). */
export function activeHours(raw: unknown, field = 'active_hours'): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  let list: unknown = raw;
  if (typeof raw === 'string') {
    if (['', '[]', '{}'].includes(raw.trim())) return '[]';
    try {
      list = JSON.parse(raw);
    } catch {
      throw badField(field, 'a list of {day, hours, mins}');
    }
  }
  if (!Array.isArray(list)) throw badField(field, 'a list of {day, hours, mins}');
  list.forEach((entry: unknown, i) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw badField(`${field}[${i}]`, 'an object');
    const e = entry as Record<string, unknown>;
    for (const [key, min, max] of HOUR_FIELDS) {
      const required = key === 'day' || key === 'hours' || key === 'mins';
      const n = looseInt(e[key], `${field}[${i}].${key}`);
      if (n === undefined ? required : n < min || n > max) throw badField(`${field}[${i}].${key}`, `a whole number from ${min} to ${max}`);
    }
  });
  const text = typeof raw === 'string' ? raw : JSON.stringify(list);
  if (text.length > MAX_ACTIVE_HOURS_CHARS) throw badField(field, `at most ${MAX_ACTIVE_HOURS_CHARS} characters of JSON`);
  return text;
}
