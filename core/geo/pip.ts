/**
 * Point in polygon by ray crossing, on flat rings [lon0, lat0, lon1, lat1, …] (x = lon, y = lat).
 * A point on a boundary (edge or vertex) counts as inside the fence, also on the boundary of a hole: an event
 * exactly on the border between two areas belongs to both.
 */
import type { Ring } from './fence.ts';

export const OUTSIDE = 0;
export const INSIDE = 1;
export const ON_BOUNDARY = 2;
export type RingPosition = typeof OUTSIDE | typeof INSIDE | typeof ON_BOUNDARY;

/** Flattens a [lat, lon] ring for the crossing test. */
export function compileRing(ring: Ring): Float64Array {
  const flat = new Float64Array(ring.length * 2);
  ring.forEach(([lat, lon], i) => {
    flat[i * 2] = lon;
    flat[i * 2 + 1] = lat;
  });
  return flat;
}

/** Where (x, y) lies relative to one ring. The ring may be closed (last point = first) or open. */
export function ringPosition(ring: Float64Array, x: number, y: number): RingPosition {
  const n = ring.length;
  if (n < 6) return OUTSIDE;
  let inside = false;
  let xj = ring[n - 2]!;
  let yj = ring[n - 1]!;
  for (let i = 0; i < n; i += 2) {
    const xi = ring[i]!;
    const yi = ring[i + 1]!;
    if (yi === y) {
      if (xi === x) return ON_BOUNDARY;
      if (yj === y && (x - xi) * (x - xj) <= 0) return ON_BOUNDARY;
    }
    if (yi > y !== yj > y) {
      const crossX = xi + ((y - yi) * (xj - xi)) / (yj - yi);
      if (x === crossX) return ON_BOUNDARY;
      if (x < crossX) inside = !inside;
    }
    xj = xi;
    yj = yi;
  }
  return inside ? INSIDE : OUTSIDE;
}

/** Inside (or on) the outer ring and not strictly inside any hole. */
export function polygonContains(rings: readonly Float64Array[], x: number, y: number): boolean {
  const outer = rings[0];
  if (outer === undefined) return false;
  const position = ringPosition(outer, x, y);
  if (position === OUTSIDE) return false;
  if (position === ON_BOUNDARY) return true;
  for (let h = 1; h < rings.length; h++) {
    if (ringPosition(rings[h]!, x, y) === INSIDE) return false;
  }
  return true;
}
