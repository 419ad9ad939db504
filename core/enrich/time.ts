/**
 * Time variables in the event's own time zone: `time` (end time), the time left as `tthd`/`tthh`/`tthm`/`tths`
 * (days, then hours within the day, minutes, seconds, as the previous generations counted it) and as one `tth`
 * object, and `now`/`nowISO`, formatted with the moment-style formats of [locale] (`LTS`, `L`, `HH:mm`…) in the
 * [locale] timeformat language.
 */
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat.js';
import utc from 'dayjs/plugin/utc.js';
import { zoneOffsetMinutes } from './zone-offset.ts';

dayjs.extend(utc);
dayjs.extend(localizedFormat);

export interface TimeFormats {
  /** [locale] time, default `LTS` */
  readonly time: string;
  /** [locale] date, default `L` */
  readonly date: string;
}

export interface TimeInput {
  readonly expiresAt: number | null;
  readonly now: number;
  /** IANA zone of the event location */
  readonly zone: string;
  /** a dayjs locale that is loaded (see day-locale.ts) */
  readonly locale: string;
  readonly formats: TimeFormats;
}

/** The time left, split as the previous generations' `tth` object was. */
export interface TimeLeft {
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
  /** true when the end has passed (or is unknown): every part is 0 */
  readonly firstDateWasLater: boolean;
}

export interface TimeVariables {
  readonly time: string;
  readonly tth: TimeLeft;
  readonly tthd: number;
  readonly tthh: number;
  readonly tthm: number;
  readonly tths: number;
  readonly now: string;
  readonly nowISO: string;
}

/** Whole seconds from `now` until `expiresAt`, never negative (0 when the end is unknown). */
export function secondsLeft(expiresAt: number | null, now: number): number {
  if (expiresAt === null || !Number.isFinite(expiresAt)) return 0;
  return Math.max(0, Math.floor((expiresAt - now) / 1000));
}

/** `seconds` (never negative) as days, hours within the day, minutes and seconds. */
export function timeLeft(seconds: number): TimeLeft {
  return {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
    firstDateWasLater: seconds <= 0,
  };
}

/** `ms` (unix) as a dayjs instant shown in `zone` in the loaded `locale`. */
export function zonedDay(ms: number, zone: string, locale: string): dayjs.Dayjs {
  // keepLocalTime false: the same instant, shown at the zone's offset (an offset within ±16 would be read as hours)
  return dayjs(ms).utcOffset(zoneOffsetMinutes(zone, ms) / 60, false).locale(locale);
}

export function timeVariables(input: TimeInput): TimeVariables {
  const local = (ms: number) => zonedDay(ms, input.zone, input.locale);
  const left = timeLeft(secondsLeft(input.expiresAt, input.now));
  const ends = input.expiresAt !== null && Number.isFinite(input.expiresAt);
  return {
    time: ends ? local(input.expiresAt as number).format(input.formats.time) : '',
    tth: left,
    tthd: left.days,
    tthh: left.hours,
    tthm: left.minutes,
    tths: left.seconds,
    now: local(input.now).format(`${input.formats.date} ${input.formats.time}`),
    nowISO: new Date(input.now).toISOString(),
  };
}
