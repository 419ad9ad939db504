/**
 * Which fields of a scanner payload are times, by name and value, so the core names no webhook type: a key that
 * marks a start, an end, an expiry or a sighting (`…_time`, `…_timestamp`, `…_expiration`, `…_expiry`, `…_start`,
 * `…_end`, `start`, `end`, `spawn`, `expiration`, `first_seen`, `updated`, `last_modified`, `time_changed`,
 * `timeslot`), holding a number that reads as a unix time (seconds from 2001, or milliseconds). That covers
 * every time field Golbat, RDM and the older scanners send and the alert plugins read (disappear_time,
 * raid start/end/spawn, lure_expiration, incident_expire_timestamp, battle_end, reset_time, rsvps' timeslot…;
 * docs/replay.md lists them by type), while ids (`spawnpoint_id`), durations (`deployed_ms`) and small numbers
 * that happen to be called `end` are left alone.
 */

const TIME_KEY = /(_time|_timestamp|_expiration|_expiry|_start|_end)$|^(start|end|spawn|expiration|first_seen|updated|last_modified|time_changed|timeslot)$/;

/** from 2001-09-09 in unix seconds */
const SECONDS_FROM = 1e9;
/** from here on a time is read as milliseconds: 1e11 s is the year 5138, 1e11 ms is 1973 */
const MILLISECONDS_FROM = 1e11;
/** 1e12 ms is 2001-09-09 */
const MILLISECONDS_VALID_FROM = 1e12;
const MILLISECONDS_TO = 1e14;

export function isTimeKey(key: string): boolean {
  return TIME_KEY.test(key);
}

/** Whether a value reads as a unix time: seconds, or milliseconds. */
export function timeUnitOf(value: unknown): 'seconds' | 'milliseconds' | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (value >= SECONDS_FROM && value < MILLISECONDS_FROM) return 'seconds';
  if (value >= MILLISECONDS_VALID_FROM && value < MILLISECONDS_TO) return 'milliseconds';
  return null;
}
