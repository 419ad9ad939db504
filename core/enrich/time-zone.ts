/**
 * The IANA time zone at a point (an offline lookup, no network), so times are shown as the people near
 * the event read their clocks.
 */
import tzLookup from '@photostructure/tz-lookup';

export const FALLBACK_TIME_ZONE = 'UTC';

/** e.g. `Asia/Tokyo` for central Tokyo; UTC for coordinates the lookup refuses. */
export function timeZoneAt(latitude: number, longitude: number): string {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return FALLBACK_TIME_ZONE;
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}
