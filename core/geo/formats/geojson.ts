/**
 * GeoJSON FeatureCollections of Polygon and MultiPolygon features. Coordinates are [lon, lat]; the first
 * ring of a polygon is its boundary and the others are holes. Every member of `properties` is kept.
 */
import type { FenceDraft, Polygon } from '../fence.ts';
import { readPolygons, readRings, type Parsed } from '../ring.ts';
import { fenceLabel, isRecord, type ParsedFile } from './parsed.ts';

export interface FeatureCollectionLike {
  readonly type: 'FeatureCollection';
  readonly features: readonly unknown[];
}

export function isFeatureCollection(doc: unknown): doc is FeatureCollectionLike {
  return isRecord(doc) && doc.type === 'FeatureCollection' && Array.isArray(doc.features);
}

type Geometry = { polygons: readonly Polygon[]; multi: boolean };
/** `null` = not a polygon geometry: skipped, not an error */
type GeometryResult = Parsed<Geometry> | null;

function geometry(value: unknown): GeometryResult {
  if (!isRecord(value)) return { ok: false, problem: 'has no geometry' };
  if (value.type === 'Polygon') {
    const polygon = readRings(value.coordinates, 'lonlat');
    return polygon.ok ? { ok: true, value: { polygons: Object.freeze([polygon.value]), multi: false } } : polygon;
  }
  if (value.type === 'MultiPolygon') {
    const polygons = readPolygons(value.coordinates, 'lonlat', false);
    return polygons.ok ? { ok: true, value: { polygons: polygons.value, multi: true } } : polygons;
  }
  return null;
}

function readFeature(feature: unknown, position: number, out: { drafts: FenceDraft[]; problems: string[]; skipped: string[] }): void {
  if (!isRecord(feature) || feature.type !== 'Feature') {
    out.problems.push(`${fenceLabel(position, undefined)}: is not a GeoJSON Feature`);
    return;
  }
  const properties = isRecord(feature.properties) ? feature.properties : {};
  const label = fenceLabel(position, properties.name);
  const shape = geometry(feature.geometry);
  if (shape === null) {
    const type = isRecord(feature.geometry) ? String(feature.geometry.type) : 'unknown';
    out.skipped.push(`${label}: geometry ${type} is not a polygon`);
    return;
  }
  if (!shape.ok) {
    out.problems.push(`${label}: ${shape.problem}`);
    return;
  }
  const fields = properties.id === undefined && feature.id !== undefined ? { ...properties, id: feature.id } : properties;
  out.drafts.push({ fields, extra: properties, polygons: shape.value.polygons, multi: shape.value.multi, position });
}

export function parseGeoJson(doc: FeatureCollectionLike): ParsedFile {
  const out = { drafts: [] as FenceDraft[], problems: [] as string[], skipped: [] as string[] };
  doc.features.forEach((feature, position) => readFeature(feature, position, out));
  return { format: 'geojson', ...out };
}
