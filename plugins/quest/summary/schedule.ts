/**
 * Summary schedules (`summary_schedules.active_hours`), as pure functions: the stored JSON (PoracleNG's shape, a
 * list of `{day, hours, mins}` with `end_hours`, `end_mins`, `step` for a range; numbers or numeric strings), the
 * moments an entry fires, and whether a schedule is due at a local time. A fire point is due from its minute for
 * ten minutes (the scheduler wakes at fixed minute marks at most ten minutes apart), across an hour and a midnight.
 */

/** One entry: ISO day (1 Monday … 7 Sunday) and a time, or with `step` > 0 every `step` hours up to the end time. */
export interface ActiveHourEntry {
  readonly day: number;
  readonly hours: number;
  readonly mins: number;
  readonly end_hours?: number;
  readonly end_mins?: number;
  readonly step?: number;
}

/** A local wall-clock moment: ISO day, hour, minute. */
export interface LocalMoment {
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
}

/** How long after a fire point it still counts as due (the longest gap between scheduler wake-ups). */
export const DUE_WINDOW_MINUTES = 10;

/** The minutes past each hour the scheduler wakes at (PoracleNG's profile marks). */
export const WAKE_MINUTES: readonly number[] = [0, 10, 15, 20, 30, 40, 45, 50];

export class ScheduleFormatError extends Error {}

function flexInt(value: unknown, field: string): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number.parseInt(value, 10);
  throw new ScheduleFormatError(`${field} must be an integer`);
}

/** One stored entry, checked: day 1–7, hours 0–23, minutes 0–59, a range's end after its start, step 1–23. */
export function readEntry(value: unknown): ActiveHourEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ScheduleFormatError('each entry must be an object');
  const o = value as Record<string, unknown>;
  const day = flexInt(o.day, 'day');
  const hours = flexInt(o.hours, 'hours');
  const mins = flexInt(o.mins, 'mins');
  if (day < 1 || day > 7) throw new ScheduleFormatError('day must be 1 (Monday) to 7 (Sunday)');
  if (hours < 0 || hours > 23 || mins < 0 || mins > 59) throw new ScheduleFormatError('hours must be 0-23 and mins 0-59');
  const step = flexInt(o.step, 'step');
  if (step <= 0) return { day, hours, mins };
  const endHours = flexInt(o.end_hours, 'end_hours');
  const endMins = flexInt(o.end_mins, 'end_mins');
  if (step > 23) throw new ScheduleFormatError('step must be 1-23 hours');
  if (endHours > 23 || endMins > 59 || endHours * 60 + endMins <= hours * 60 + mins) throw new ScheduleFormatError('a range must end after it starts, the same day');
  return { day, hours, mins, end_hours: endHours, end_mins: endMins, step };
}

/** The stored text as entries: '', '[]' and '{}' are no schedule; anything else must be a list of valid entries. */
export function parseActiveHours(raw: string): ActiveHourEntry[] {
  const text = raw.trim();
  if (text === '' || text === '[]' || text === '{}') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ScheduleFormatError('active_hours is not JSON');
  }
  if (!Array.isArray(value)) throw new ScheduleFormatError('active_hours must be a list of entries');
  return value.map(readEntry);
}

/** The entries as stored (keys in PoracleNG's order, range fields only on ranges). */
export function formatActiveHours(entries: readonly ActiveHourEntry[]): string {
  return JSON.stringify(entries.map((e) => (e.step ? { day: e.day, hours: e.hours, mins: e.mins, end_hours: e.end_hours ?? 0, end_mins: e.end_mins ?? 0, step: e.step } : { day: e.day, hours: e.hours, mins: e.mins })));
}

/** Every [hour, minute] the entry fires at on its day, in order. */
export function firePoints(entry: ActiveHourEntry): Array<[number, number]> {
  if (!entry.step) return [[entry.hours, entry.mins]];
  const out: Array<[number, number]> = [];
  const end = (entry.end_hours ?? 0) * 60 + (entry.end_mins ?? 0);
  for (let m = entry.hours * 60 + entry.mins; m <= end; m += entry.step * 60) out.push([Math.floor(m / 60), m % 60]);
  return out.length > 0 ? out : [[entry.hours, entry.mins]];
}

/** Whether one of the entries has a fire point within the due window before `now` (same day, across midnight too). */
export function scheduleDue(entries: readonly ActiveHourEntry[], now: LocalMoment): boolean {
  const nowMinute = now.hour * 60 + now.minute;
  const yesterday = now.day === 1 ? 7 : now.day - 1;
  for (const entry of entries) {
    for (const [hour, minute] of firePoints(entry)) {
      const at = hour * 60 + minute;
      if (entry.day === now.day && nowMinute >= at && nowMinute - at < DUE_WINDOW_MINUTES) return true;
      if (entry.day === yesterday && nowMinute + 24 * 60 - at < DUE_WINDOW_MINUTES) return true;
    }
  }
  return false;
}

const WEEKDAYS: Readonly<Record<string, number>> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock moment `ms` in an IANA zone. */
export function localMoment(ms: number, zone: string): LocalMoment {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(zone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return { day: WEEKDAYS[part('weekday')] ?? 1, hour: Number.parseInt(part('hour'), 10) % 24, minute: Number.parseInt(part('minute'), 10) };
}

/** The next wake-up strictly after `ms`: the next of WAKE_MINUTES (UTC minutes; every zone's offset is whole quarter hours). */
export function nextWake(ms: number): number {
  const minuteStart = Math.floor(ms / 60_000) * 60_000;
  const hourStart = Math.floor(ms / 3_600_000) * 3_600_000;
  for (const m of WAKE_MINUTES) {
    const at = hourStart + m * 60_000;
    if (at > ms && at >= minuteStart) return at;
  }
  return hourStart + 3_600_000 + (WAKE_MINUTES[0] ?? 0) * 60_000;
}

/** Whether the runtime knows the zone. */
export function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
