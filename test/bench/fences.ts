/**
 * Deterministic geofences for the benchmarks, in the Poracle file format ({name, id, path: [[lat, lon], …]}):
 * one city fence (population S), 30 district fences of one metro area (M and L), and ~500 fences of varied size
 * and detail scattered over a region (the geofence micro-benchmark). Plus sampling of points inside a fence.
 */
import { compileRing, polygonContains } from '../../core/geo/pip.ts';
import type { Random } from './random.ts';

export interface BenchFence {
  readonly name: string;
  readonly id: number;
  /** the outer ring, [lat, lon] */
  readonly path: readonly (readonly [number, number])[];
}

export interface LatLonPoint {
  readonly latitude: number;
  readonly longitude: number;
}

const METRES_PER_DEGREE = 111_320;

/** Where the generated city lies (central Europe; the exact place only matters for time zones and names). */
export const CITY_CENTRE: LatLonPoint = { latitude: 48.137, longitude: 11.575 };

function metresToDegrees(latitude: number, north: number, east: number): { dLat: number; dLon: number } {
  return { dLat: north / METRES_PER_DEGREE, dLon: east / (METRES_PER_DEGREE * Math.cos((latitude * Math.PI) / 180)) };
}

/** An irregular, star-shaped polygon around `centre`: `vertices` points at jittered radii around `radiusM`. */
export function irregularPolygon(random: Random, centre: LatLonPoint, radiusM: number, vertices: number): [number, number][] {
  const path: [number, number][] = [];
  for (let i = 0; i < vertices; i++) {
    const angle = (2 * Math.PI * (i + random.next() * 0.5)) / vertices;
    const r = radiusM * (0.75 + random.next() * 0.4);
    const { dLat, dLon } = metresToDegrees(centre.latitude, Math.cos(angle) * r, Math.sin(angle) * r);
    path.push([round6(centre.latitude + dLat), round6(centre.longitude + dLon)]);
  }
  return path;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Population S: one city fence of ~9 km radius, 48 vertices. */
export function cityFence(random: Random): BenchFence[] {
  return [{ name: 'City', id: 1, path: irregularPolygon(random.fork('city'), CITY_CENTRE, 9000, 48) }];
}

/** Populations M and L: 30 districts on a 6 × 5 grid of 5 km cells, neighbours overlapping a little at the edges. */
export function districtFences(random: Random): BenchFence[] {
  const r = random.fork('districts');
  const fences: BenchFence[] = [];
  const cellM = 5000;
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 6; col++) {
      const { dLat, dLon } = metresToDegrees(CITY_CENTRE.latitude, (row - 2) * cellM, (col - 2.5) * cellM);
      const centre = { latitude: CITY_CENTRE.latitude + dLat, longitude: CITY_CENTRE.longitude + dLon };
      const n = fences.length + 1;
      fences.push({ name: `District ${String(n).padStart(2, '0')}`, id: n, path: irregularPolygon(r, centre, cellM * 0.62, r.int(16, 40)) });
    }
  }
  return fences;
}

/** The micro-benchmark set: `count` fences (0.5–8 km radius, 8–64 vertices) scattered over ~2° × 3°. */
export function scatteredFences(random: Random, count = 500): BenchFence[] {
  const r = random.fork('scattered');
  const fences: BenchFence[] = [];
  for (let i = 1; i <= count; i++) {
    const centre = { latitude: 47 + r.next() * 2, longitude: 10 + r.next() * 3 };
    const radius = 500 + r.next() ** 2 * 7500;
    fences.push({ name: `Fence ${String(i).padStart(3, '0')}`, id: i, path: irregularPolygon(r, centre, radius, r.int(8, 64)) });
  }
  return fences;
}

/** The bounding box of a set of fences (lat/lon degrees). */
export function boundsOf(fences: readonly BenchFence[]): { minLat: number; maxLat: number; minLon: number; maxLon: number } {
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (const f of fences)
    for (const [lat, lon] of f.path) {
      minLat = Math.min(minLat, lat);
      maxLat = Math.max(maxLat, lat);
      minLon = Math.min(minLon, lon);
      maxLon = Math.max(maxLon, lon);
    }
  return { minLat, maxLat, minLon, maxLon };
}

/** Samples points uniformly inside one fence (rejection sampling in its bounding box). */
export function pointSampler(fence: BenchFence): (random: Random) => LatLonPoint {
  const rings = [compileRing(fence.path)];
  const box = boundsOf([fence]);
  return (random) => {
    for (;;) {
      const latitude = box.minLat + random.next() * (box.maxLat - box.minLat);
      const longitude = box.minLon + random.next() * (box.maxLon - box.minLon);
      if (polygonContains(rings, longitude, latitude)) return { latitude: round6(latitude), longitude: round6(longitude) };
    }
  };
}
