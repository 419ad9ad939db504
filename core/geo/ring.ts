/**
 * Reading coordinate arrays out of parsed JSON: checks every point and returns frozen [lat, lon] rings,
 * or a readable problem for the caller to report.
 */
import type { LatLon, Polygon, Ring } from './fence.ts';

/** How the source orders a point: Poracle files write [lat, lon], GeoJSON writes [lon, lat]. */
export type AxisOrder = 'latlon' | 'lonlat';

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

function fail<T>(problem: string): Parsed<T> {
  return { ok: false, problem };
}

function readPoint(value: unknown, order: AxisOrder): LatLon | string {
  if (!Array.isArray(value) || value.length < 2) return `point ${JSON.stringify(value)} is not a [number, number] pair`;
  const [a, b] = value as unknown[];
  if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(a) || !Number.isFinite(b)) {
    return `point ${JSON.stringify(value)} is not a [number, number] pair`;
  }
  const lat = order === 'latlon' ? a : b;
  const lon = order === 'latlon' ? b : a;
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) {
    const expected = order === 'latlon' ? '[lat, lon]' : '[lon, lat]';
    return `point ${JSON.stringify(value)} is out of range (expected ${expected}; are the axes swapped?)`;
  }
  return Object.freeze([lat, lon] as const);
}

function distinctPoints(ring: Ring): number {
  const seen = new Set<string>();
  for (const [lat, lon] of ring) seen.add(`${lat},${lon}`);
  return seen.size;
}

/** A ring: at least three distinct points. */
export function readRing(value: unknown, order: AxisOrder): Parsed<Ring> {
  if (!Array.isArray(value)) return fail('a ring is not an array of points');
  const points: LatLon[] = [];
  for (const item of value as unknown[]) {
    const point = readPoint(item, order);
    if (typeof point === 'string') return fail(point);
    points.push(point);
  }
  if (distinctPoints(points) < 3) return fail(`a ring needs at least 3 distinct points, found ${distinctPoints(points)}`);
  return { ok: true, value: Object.freeze(points) };
}

/** A polygon given as a list of rings: the first is the outer boundary, the others are holes. */
export function readRings(value: unknown, order: AxisOrder): Parsed<Polygon> {
  if (!Array.isArray(value) || value.length === 0) return fail('a polygon is not a non-empty array of rings');
  const rings: Ring[] = [];
  for (const item of value as unknown[]) {
    const ring = readRing(item, order);
    if (!ring.ok) return ring;
    rings.push(ring.value);
  }
  return { ok: true, value: Object.freeze(rings) };
}

/** Several polygons, each a list of rings (GeoJSON MultiPolygon) or each a bare ring (Poracle multipath). */
export function readPolygons(value: unknown, order: AxisOrder, eachIsRing: boolean): Parsed<readonly Polygon[]> {
  if (!Array.isArray(value) || value.length === 0) return fail('a multi-polygon is not a non-empty array');
  const polygons: Polygon[] = [];
  for (const item of value as unknown[]) {
    const polygon: Parsed<Polygon> = eachIsRing ? wrap(readRing(item, order)) : readRings(item, order);
    if (!polygon.ok) return polygon;
    polygons.push(polygon.value);
  }
  return { ok: true, value: Object.freeze(polygons) };
}

function wrap(ring: Parsed<Ring>): Parsed<Polygon> {
  return ring.ok ? { ok: true, value: Object.freeze([ring.value]) } : ring;
}
