/**
 * When a cell's forecast is due again after a fetch. With `smart_forecast`, or `local_first_fetch_hod` 0, it is
 * `forecast_refresh_interval` hours after the fetch. Otherwise the refreshes keep to fixed local hours of the
 * cell's own day: `local_first_fetch_hod`, then every `forecast_refresh_interval` hours until midnight (3, 11 and
 * 19 with the defaults 3 and 8): the forecast is due at the next of those hours, as the previous generations
 * scheduled it (they used the server's clock; here it is the cell's zone).
 */
import { zoneOffsetMinutes } from '../enrich/zone-offset.ts';

const HOUR_MS = 3_600_000;

export interface RefreshSchedule {
  /** hours between fetches of one cell (≥ 1) */
  readonly intervalHours: number;
  /** local hour of the day's first fetch (0…23) */
  readonly firstFetchHour: number;
  readonly smart: boolean;
}

/** The local hours of the day a fetch is due at, ascending. */
export function fetchHours(schedule: RefreshSchedule): number[] {
  const hours: number[] = [];
  for (let h = schedule.firstFetchHour; h < 24; h += schedule.intervalHours) hours.push(h);
  return hours;
}

/** unix ms when the forecast of a cell in `zone`, fetched at `nowMs`, is due again. */
export function nextRefresh(schedule: RefreshSchedule, nowMs: number, zone: string): number {
  if (schedule.smart || schedule.firstFetchHour === 0) return nowMs + schedule.intervalHours * HOUR_MS;
  const hourStart = nowMs - (nowMs % HOUR_MS);
  const localHour = new Date(hourStart + zoneOffsetMinutes(zone, hourStart) * 60_000).getUTCHours();
  const hours = fetchHours(schedule);
  const later = hours.find((h) => h > localHour);
  const ahead = later !== undefined ? later - localHour : 24 - localHour + hours[0]!;
  return hourStart + ahead * HOUR_MS;
}
