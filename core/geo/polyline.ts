/**
 * Rings as map providers take them in a URL, as pure functions: thinned to a number of points (a URL has a
 * length limit; a fence may have thousands of vertices), closed, and written in the encoded polyline format
 * Google and Mapbox read (precision 5, [lat, lon] order).
 */
import type { LatLon, Ring } from './fence.ts';

/** At most `max` points of the ring (at least 3), evenly spread, the first always kept. */
export function thinRing(ring: Ring, max: number): LatLon[] {
  const limit = Math.max(3, Math.floor(max));
  if (ring.length <= limit) return [...ring];
  const step = ring.length / limit;
  const kept: LatLon[] = [];
  for (let k = 0; k < limit; k++) kept.push(ring[Math.floor(k * step)]!);
  return kept;
}

/** The ring ending on its first point. */
export function closeRing(ring: Ring): LatLon[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last || (first[0] === last[0] && first[1] === last[1])) return [...ring];
  return [...ring, first];
}

/** One signed number in the polyline format: the delta shifted left, inverted when negative, in 5-bit chunks. */
function encodeNumber(delta: number): string {
  let value = delta < 0 ? ~(delta << 1) : delta << 1;
  let out = '';
  while (value >= 0x20) {
    out += String.fromCharCode((0x20 | (value & 0x1f)) + 63);
    value >>= 5;
  }
  return out + String.fromCharCode(value + 63);
}

/** The points as an encoded polyline. */
export function encodePolyline(points: Ring): string {
  let lat = 0;
  let lon = 0;
  let out = '';
  for (const [pLat, pLon] of points) {
    const nextLat = Math.round(pLat * 1e5);
    const nextLon = Math.round(pLon * 1e5);
    out += encodeNumber(nextLat - lat) + encodeNumber(nextLon - lon);
    lat = nextLat;
    lon = nextLon;
  }
  return out;
}
