/**
 * The areas nearby lookups ask for: the ground a static map shows (its frame in pixels at a zoom, Web Mercator
 * with 256-pixel tiles, as tile servers draw it) or a square around a point.
 */
import type { EventLocation } from '../contract.ts';
import type { LatLonBox } from './types.ts';

const TILE_PX = 256;
const EARTH_RADIUS_M = 6_371_008.8;
const MAX_MERCATOR_LAT = 85.05112878;

const clampLat = (lat: number): number => Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat));

/** The box a `width` × `height` pixel map centred on `centre` at `zoom` shows. */
export function frameBox(centre: EventLocation, width: number, height: number, zoom: number): LatLonBox {
  const world = TILE_PX * 2 ** zoom;
  const latRad = (clampLat(centre.latitude) * Math.PI) / 180;
  const x = ((centre.longitude + 180) / 360) * world;
  const y = ((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * world;
  const lonAt = (px: number): number => (px / world) * 360 - 180;
  const latAt = (py: number): number => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / world))) * 180) / Math.PI;
  return { minLat: latAt(y + height / 2), maxLat: latAt(y - height / 2), minLon: lonAt(x - width / 2), maxLon: lonAt(x + width / 2) };
}

/** The square of side 2 × `radiusM` metres centred on `centre`. */
export function radiusBox(centre: EventLocation, radiusM: number): LatLonBox {
  const dLat = (radiusM / EARTH_RADIUS_M) * (180 / Math.PI);
  const cos = Math.max(Math.cos((centre.latitude * Math.PI) / 180), 1e-6);
  const dLon = dLat / cos;
  return { minLat: centre.latitude - dLat, maxLat: centre.latitude + dLat, minLon: centre.longitude - dLon, maxLon: centre.longitude + dLon };
}
