/**
 * The UTC offset of an IANA time zone at an instant, in minutes, from one cached Intl formatter per zone. Every
 * zone's offset is a multiple of 15 minutes and changes at local whole or half hours, so it is constant within a
 * 15-minute UTC bucket: offsets are remembered per (zone, bucket), and an event costs a map look-up instead of a
 * new Intl formatter.
 */
const BUCKET_MS = 15 * 60 * 1000;
const MAX_REMEMBERED = 10_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

function computeOffset(zone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(ms)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const asUtc = Date.UTC(parts['year']!, parts['month']! - 1, parts['day']!, parts['hour']!, parts['minute']!, parts['second']!);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** Minutes to add to UTC to get the zone's local time at `ms` (Europe/Berlin in summer: 120). Throws on an unknown zone. */
export function zoneOffsetMinutes(zone: string, ms: number): number {
  const key = `${zone}\u0000${Math.floor(ms / BUCKET_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = computeOffset(zone, ms);
    if (offsets.size >= MAX_REMEMBERED) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}
