/**
 * Latitude/longitude bounding boxes: of a fence, around a point with a radius, and the tests on them
 * (cheap pre-filters before a distance or polygon test).
 */
import type { Fence, LatLon } from './fence.ts';
import { EARTH_RADIUS_METRES } from './distance.ts';

const DEG = 180 / Math.PI;

export interface LatLonBox {
  readonly minLat: number;
  readonly minLon: number;
  readonly maxLat: number;
  readonly maxLon: number;
}

/** The box of some points, or null when there are none. */
export function boxOfPoints(points: Iterable<LatLon>): LatLonBox | null {
  let minLat = Infinity;
  let minLon = Infinity;
  let maxLat = -Infinity;
  let maxLon = -Infinity;
  for (const [lat, lon] of points) {
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
    if (lon < minLon) minLon = lon;
    if (lon > maxLon) maxLon = lon;
  }
  return minLat === Infinity ? null : { minLat, minLon, maxLat, maxLon };
}

function* outerPoints(fence: Fence): Generator<LatLon> {
  for (const polygon of fence.polygons) yield* polygon[0] ?? [];
}

/** The box of every outer ring of a fence (holes lie inside them). */
export function boxOfFence(fence: Fence): LatLonBox | null {
  return boxOfPoints(outerPoints(fence));
}

export function boxContains(box: LatLonBox, lat: number, lon: number): boolean {
  return lat >= box.minLat && lat <= box.maxLat && lon >= box.minLon && lon <= box.maxLon;
}

export function boxesIntersect(a: LatLonBox, b: LatLonBox): boolean {
  return a.minLat <= b.maxLat && a.maxLat >= b.minLat && a.minLon <= b.maxLon && a.maxLon >= b.minLon;
}

export function boxUnion(a: LatLonBox, b: LatLonBox): LatLonBox {
  return { minLat: Math.min(a.minLat, b.minLat), minLon: Math.min(a.minLon, b.minLon), maxLat: Math.max(a.maxLat, b.maxLat), maxLon: Math.max(a.maxLon, b.maxLon) };
}

/**
 * A box holding every point within `metres` of (lat, lon) on the sphere. Latitude is clamped at the poles;
 * when the circle reaches a pole or crosses the antimeridian the box spans all longitudes (never too small).
 */
export function boxAround(lat: number, lon: number, metres: number): LatLonBox {
  const angle = metres / EARTH_RADIUS_METRES;
  const dLat = angle * DEG;
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  const cosLat = Math.cos(lat / DEG);
  if (minLat === -90 || maxLat === 90 || Math.sin(angle) >= cosLat) return { minLat, minLon: -180, maxLat, maxLon: 180 };
  const dLon = Math.asin(Math.sin(angle) / cosLat) * DEG;
  if (lon - dLon < -180 || lon + dLon > 180) return { minLat, minLon: -180, maxLat, maxLon: 180 };
  return { minLat, minLon: lon - dLon, maxLat, maxLon: lon + dLon };
}
