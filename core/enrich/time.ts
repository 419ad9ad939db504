/**
 * Time variables in the event's own time zone: `time` (end time), `tthh`/`tthm`/`tths` (time left) and
 * `now`/`nowISO`, formatted with the moment-style formats of [locale] (`LTS`, `L`, `HH:mm`…) in the
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

export interface TimeVariables {
  readonly time: string;
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

export function timeVariables(input: TimeInput): TimeVariables {
  // keepLocalTime false: the same instant, shown at the zone's offset (an offset within ±16 would be read as hours)
  const local = (ms: number) => dayjs(ms).utcOffset(zoneOffsetMinutes(input.zone, ms) / 60, false).locale(input.locale);
  const left = secondsLeft(input.expiresAt, input.now);
  const ends = input.expiresAt !== null && Number.isFinite(input.expiresAt);
  return {
    time: ends ? local(input.expiresAt as number).format(input.formats.time) : '',
    tthh: Math.floor(left / 3600),
    tthm: Math.floor((left % 3600) / 60),
    tths: left % 60,
    now: local(input.now).format(`${input.formats.date} ${input.formats.time}`),
    nowISO: new Date(input.now).toISOString(),
  };
}
