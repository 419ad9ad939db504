/**
 * Framing a map on a box, as pure functions: the centre of the box and the largest Web Mercator zoom at
 * which the box, grown by a margin, fits an image of the given pixel size (the tile server's 256-pixel
 * world at zoom 0). A box that is one point gets a fixed close zoom.
 */
import type { LatLonBox } from './bbox.ts';

export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

export interface MapPosition {
  readonly latitude: number;
  readonly longitude: number;
  /** fractional (two decimals); providers that want whole zooms round it down */
  readonly zoom: number;
}

/** how much room is left around the box: its extent is the image size divided by this */
export const FRAME_MARGIN = 1.25;
/** the zoom of a box that is a single point */
export const POINT_ZOOM = 17.5;
/** zooms are kept within what every tile source serves */
export const MIN_ZOOM = 0;
export const MAX_ZOOM = 20;

const TILE_PIXELS = 256;
const RAD = Math.PI / 180;

/** The Mercator y of a latitude as a share of half the world's height (±1 at ±85.05°, clamped beyond). */
function mercatorHalf(latitude: number): number {
  const sin = Math.sin(latitude * RAD);
  const y = Math.log((1 + sin) / (1 - sin)) / 2;
  return Math.max(-Math.PI, Math.min(Math.PI, y)) / 2;
}

/** The zoom at which `share` of the world's extent fills `pixels`; Infinity when the share is 0. */
function zoomFor(pixels: number, share: number): number {
  return share <= 0 ? Infinity : Math.log2(pixels / TILE_PIXELS / share);
}

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** The centre of the box and the zoom that shows all of it in an image of `size`. */
export function fitBox(box: LatLonBox, size: PixelSize): MapPosition {
  const latitude = (box.minLat + box.maxLat) / 2;
  const longitude = (box.minLon + box.maxLon) / 2;
  const latShare = (mercatorHalf(box.maxLat) - mercatorHalf(box.minLat)) / Math.PI;
  const lonShare = (box.maxLon - box.minLon) / 360;
  const zoom = Math.min(zoomFor(size.height / FRAME_MARGIN, latShare), zoomFor(size.width / FRAME_MARGIN, lonShare));
  if (!Number.isFinite(zoom)) return { latitude, longitude, zoom: POINT_ZOOM };
  return { latitude, longitude, zoom: Math.round(clampZoom(zoom) * 100) / 100 };
}
