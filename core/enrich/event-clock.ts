/**
 * Clock times of an event's own moments (a despawn, a hatch, a nest reset) for a plugin's variables, written
 * like the common `time`: `[locale] time` (or `date`) in the time zone of the event's spot, in the language of
 * `[locale] timeformat`. The previous generations gave templates such times (`disappearTime`, `hatchTime`…).
 * The dayjs locale is loaded once, on the first `clock()`.
 */
import type { LocaleConfig } from '../config/index.ts';
import type { Logger } from '../log/logger.ts';
import { loadDayLocale } from './day-locale.ts';
import { zonedDay } from './time.ts';
import { timeZoneAt } from './time-zone.ts';

export interface EventClock {
  /** the IANA zone of a spot: look it up once per event and hand it to the formatters */
  zoneAt(latitude: number, longitude: number): string;
  /** unix seconds → `[locale] time` in `zone`; '' for 0 or a value that is not a time */
  time(unixSeconds: number, zone: string): string;
  /** unix seconds → `[locale] date` in `zone`; '' like `time` */
  date(unixSeconds: number, zone: string): string;
  /** unix seconds → any moment-style format in `zone`; '' like `time` */
  format(unixSeconds: number, zone: string, format: string): string;
}

/** the last second a JavaScript date can hold (a larger "time" from a webhook is no time) */
const MAX_UNIX_SECONDS = 8.64e12;

function clockWith(locale: string, formats: LocaleConfig): EventClock {
  const format = (unixSeconds: number, zone: string, pattern: string): string =>
    unixSeconds > 0 && unixSeconds <= MAX_UNIX_SECONDS ? zonedDay(unixSeconds * 1000, zone, locale).format(pattern) : '';
  return {
    zoneAt: timeZoneAt,
    time: (unixSeconds, zone) => format(unixSeconds, zone, formats.time),
    date: (unixSeconds, zone) => format(unixSeconds, zone, formats.date),
    format,
  };
}

/** The clock of `[locale]`; the returned function resolves at once after its first call has loaded the locale. */
export function eventClock(formats: LocaleConfig, log: Logger): () => Promise<EventClock> {
  let made: Promise<EventClock> | null = null;
  return () => (made ??= loadDayLocale(formats.timeformat, log).then((locale) => clockWith(locale, formats)));
}
