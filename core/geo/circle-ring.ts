/**
 * A circle on the sphere as a closed ring of [lat, lon] points (for map providers that draw paths but no
 * circles), as a pure function: the destination points at `metres` from the centre in evenly spaced
 * directions, with longitudes kept within −180…180.
 */
import { EARTH_RADIUS_METRES } from './distance.ts';
import type { LatLon } from './fence.ts';

const RAD = Math.PI / 180;

/** The point `metres` from (lat, lon) in the direction `bearing` (degrees clockwise from north). */
function destination(lat: number, lon: number, metres: number, bearing: number): LatLon {
  const angle = metres / EARTH_RADIUS_METRES;
  const p1 = lat * RAD;
  const b = bearing * RAD;
  const sinP2 = Math.sin(p1) * Math.cos(angle) + Math.cos(p1) * Math.sin(angle) * Math.cos(b);
  const p2 = Math.asin(Math.max(-1, Math.min(1, sinP2)));
  const dLon = Math.atan2(Math.sin(b) * Math.sin(angle) * Math.cos(p1), Math.cos(angle) - Math.sin(p1) * sinP2);
  const lon2 = ((((lon * RAD + dLon) / RAD + 540) % 360) + 360) % 360 - 180;
  return [p2 / RAD, lon2];
}

/** `points` points around the circle, then the first again. */
export function circleRing(lat: number, lon: number, metres: number, points = 48): LatLon[] {
  const ring: LatLon[] = [];
  for (let k = 0; k < points; k++) ring.push(destination(lat, lon, metres, (360 * k) / points));
  ring.push(ring[0]!);
  return ring;
}
