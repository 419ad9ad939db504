/**
 * Great-circle distance and direction between two points (degrees in, metres and degrees out), and the
 * 8-point arrow templates show for a bearing.
 */

/** Mean Earth radius used by the haversine formula. */
export const EARTH_RADIUS_METRES = 6_371_000;

const RAD = Math.PI / 180;

/** Haversine distance in metres. */
export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial bearing (forward azimuth) from the first point to the second, in [0, 360); 0 = north, 90 = east. */
export function bearingDegrees(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const p1 = lat1 * RAD;
  const p2 = lat2 * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const y = Math.sin(dLon) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dLon);
  return normaliseDegrees(Math.atan2(y, x) / RAD);
}

export function normaliseDegrees(degrees: number): number {
  const d = degrees % 360;
  return d < 0 ? d + 360 : d + 0; // + 0 turns -0 into 0
}

/** N, NE, E, SE, S, SW, W, NW (each with the emoji variation selector). */
export const BEARING_ARROWS = ['\u2B06\uFE0F', '\u2197\uFE0F', '\u27A1\uFE0F', '\u2198\uFE0F', '\u2B07\uFE0F', '\u2199\uFE0F', '\u2B05\uFE0F', '\u2196\uFE0F'] as const;
export type BearingArrow = (typeof BEARING_ARROWS)[number];

/** The arrow of the 45° sector centred on each compass point (north covers 337.5°–22.5°). */
export function bearingArrow(bearing: number): BearingArrow {
  if (!Number.isFinite(bearing)) return BEARING_ARROWS[0];
  const sector = Math.round(normaliseDegrees(bearing) / 45) % 8;
  return BEARING_ARROWS[sector] ?? BEARING_ARROWS[0];
}
