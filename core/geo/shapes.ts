/**
 * The two output shapes of a loaded fence: the Poracle record (`/geofence/all`) and a GeoJSON Feature
 * (`/geofence/all/geojson`). The Poracle shape has no holes: it carries the outer rings only.
 */
import type { Fence, FenceId, Polygon, Ring } from './fence.ts';
import { NAMED_FIELDS } from './fence.ts';

type Point = readonly number[];

export interface PoracleFence {
  readonly name: string;
  readonly id: FenceId;
  readonly color: string;
  readonly path?: readonly Point[];
  readonly multipath?: readonly (readonly Point[])[];
  readonly group: string;
  readonly description: string;
  readonly userSelectable: boolean;
  readonly displayInMatches: boolean;
}

export type GeoJsonGeometry =
  | { readonly type: 'Polygon'; readonly coordinates: readonly (readonly Point[])[] }
  | { readonly type: 'MultiPolygon'; readonly coordinates: readonly (readonly (readonly Point[])[])[] };

export interface GeoJsonFeature {
  readonly type: 'Feature';
  readonly properties: Readonly<Record<string, unknown>>;
  readonly geometry: GeoJsonGeometry;
}

export interface GeoJsonFeatureCollection {
  readonly type: 'FeatureCollection';
  readonly features: readonly GeoJsonFeature[];
}

function outer(polygon: Polygon): Ring {
  return polygon[0] ?? [];
}

export function toPoracle(fence: Fence): PoracleFence {
  const geometry = fence.multi ? { multipath: fence.polygons.map(outer) } : { path: outer(fence.polygons[0] ?? []) };
  return {
    name: fence.name,
    id: fence.id,
    color: fence.color,
    ...geometry,
    group: fence.group,
    description: fence.description,
    userSelectable: fence.userSelectable,
    displayInMatches: fence.displayInMatches,
  };
}

/** [lon, lat] points, closed (last point = first) as GeoJSON requires. */
function closedLonLat(ring: Ring): Point[] {
  const points = ring.map(([lat, lon]) => [lon, lat]);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) points.push([first[1], first[0]]);
  return points;
}

function geometry(fence: Fence): GeoJsonGeometry {
  const polygons = fence.polygons.map((polygon) => polygon.map(closedLonLat));
  if (fence.multi) return { type: 'MultiPolygon', coordinates: polygons };
  return { type: 'Polygon', coordinates: polygons[0] ?? [] };
}

/** Properties: the named fields first, then every other property of the fence. */
function properties(fence: Fence): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of NAMED_FIELDS) out[key] = fence[key];
  for (const [key, value] of Object.entries(fence.properties)) if (!(key in out)) out[key] = value;
  return out;
}

export function toGeoJsonFeature(fence: Fence): GeoJsonFeature {
  return { type: 'Feature', properties: properties(fence), geometry: geometry(fence) };
}

export function toFeatureCollection(fences: readonly Fence[]): GeoJsonFeatureCollection {
  return { type: 'FeatureCollection', features: fences.map(toGeoJsonFeature) };
}
