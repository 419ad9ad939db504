/**
 * A geofence map scene as an image URL of a provider that renders from the URL alone, as a pure function:
 * the alert map URL of core/enrich/static-map-urls.ts for the framed centre and zoom (whole zooms, the
 * configured image size and key), then the scene's shapes added where the provider draws them — Google
 * `path=` (encoded polylines, filled), Mapbox `path-…` overlays — and the marker moved or removed.
 * MapQuest (`osm`) gets the centre, zoom and marker only: no shapes.
 */
import { staticMapUrl, type MapFrame, type UrlStaticProvider } from '../enrich/static-map-urls.ts';
import type { LatLon } from './fence.ts';
import { fitBox, type MapPosition } from './map-frame.ts';
import type { MapOutline, MapPoint, MapScene } from './map-scenes.ts';
import { closeRing, encodePolyline, thinRing } from './polyline.ts';

/** the most points all outlines of one URL carry together (Google takes 16 384 characters, Mapbox 8 192) */
export const URL_POINT_BUDGET = 400;

interface UrlOutline {
  readonly points: readonly LatLon[];
  /** `rrggbb` */
  readonly hex: string;
}

function forUrl(outlines: readonly MapOutline[]): UrlOutline[] {
  const perOutline = URL_POINT_BUDGET / Math.max(1, outlines.length);
  return outlines.map(({ ring, colour }) => ({ points: closeRing(thinRing(ring, perOutline)), hex: colour.slice(1) }));
}

function google(url: URL, marker: MapPoint | null, outlines: readonly UrlOutline[]): void {
  if (marker) url.searchParams.set('markers', `color:red|${marker.latitude},${marker.longitude}`);
  else url.searchParams.delete('markers');
  for (const { points, hex } of outlines) url.searchParams.append('path', `color:0x${hex}ff|weight:2|fillcolor:0x${hex}33|enc:${encodePolyline(points)}`);
}

function mapQuest(url: URL, position: MapPosition, marker: MapPoint | null): void {
  url.searchParams.set('center', `${position.latitude},${position.longitude}`);
  if (marker) url.searchParams.set('locations', `${marker.latitude},${marker.longitude}`);
  else url.searchParams.delete('locations');
}

/** Replaces the overlay segment after `/static/` (the alert map's pin) by the scene's overlays. */
function mapbox(url: URL, marker: MapPoint | null, outlines: readonly UrlOutline[]): void {
  const overlays = outlines.map(({ points, hex }) => `path-2+${hex}-1+${hex}-0.2(${encodeURIComponent(encodePolyline(points))})`);
  if (marker) overlays.push(`pin-s+e0301e(${marker.longitude},${marker.latitude})`);
  const segments = url.pathname.split('/');
  const at = segments.indexOf('static') + 1;
  segments.splice(at, 1, ...(overlays.length > 0 ? [overlays.join(',')] : []));
  url.pathname = segments.join('/');
}

/** Where the provider's map is centred and how close: framed on the box, else the centre at the configured zoom. */
export function providerPosition(scene: MapScene, frame: MapFrame): MapPosition {
  const position = scene.box ? fitBox(scene.box, frame) : { ...scene.centre, zoom: frame.zoom };
  return { ...position, zoom: Math.floor(position.zoom) };
}

export function providerMapUrl(provider: UrlStaticProvider, scene: MapScene, frame: MapFrame, key: string): string {
  const position = providerPosition(scene, frame);
  const url = new URL(staticMapUrl(provider, position, { width: frame.width, height: frame.height, zoom: position.zoom }, key));
  const outlines = forUrl(scene.outlines);
  if (provider === 'google') google(url, scene.marker, outlines);
  else if (provider === 'mapbox') mapbox(url, scene.marker, outlines);
  else mapQuest(url, position, scene.marker);
  return url.toString();
}
