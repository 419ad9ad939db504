/**
 * Recognises a geofence document: a Poracle array, a GeoJSON FeatureCollection, or either of them wrapped
 * as `{ "data": … }` (the shape geofence services such as Koji answer with).
 */
import { isFeatureCollection, parseGeoJson } from './geojson.ts';
import { parseJsonText } from './json-text.ts';
import { isRecord, type ParsedFile } from './parsed.ts';
import { parsePoracle } from './poracle.ts';

function unwrap(doc: unknown): unknown {
  if (isRecord(doc) && doc.type === undefined && (Array.isArray(doc.data) || isFeatureCollection(doc.data))) return doc.data;
  return doc;
}

/** Parses the text of one geofence file. Throws an Error saying what is wrong when it is neither format. */
export function parseGeofenceText(text: string): ParsedFile {
  let doc: unknown;
  try {
    doc = unwrap(parseJsonText(text));
  } catch (err) {
    throw new Error(`is not valid JSON: ${(err as Error).message}`);
  }
  if (Array.isArray(doc)) return parsePoracle(doc);
  if (isFeatureCollection(doc)) return parseGeoJson(doc);
  throw new Error('is neither a Poracle geofence array nor a GeoJSON FeatureCollection');
}
