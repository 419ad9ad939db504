/**
 * When a quest expires: field research is replaced at local midnight, so the expiry is the first midnight
 * after the quest was seen, in the time zone of the stop.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { timeZoneAt } from '../../core/enrich/time-zone.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** unix ms of the next local midnight after `seenAtS` (unix seconds) at the given point. */
export function questExpiresAt(seenAtS: number, latitude: number, longitude: number): number {
  const zone = timeZoneAt(latitude, longitude);
  return dayjs.unix(seenAtS).tz(zone).startOf('day').add(1, 'day').valueOf();
}
