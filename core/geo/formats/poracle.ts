/**
 * The Poracle geofence format: a JSON array of
 * {name, id, color, path: [[lat, lon], …] | multipath: [[[lat, lon], …], …], group, description, userSelectable, displayInMatches}.
 * Members other than the geometry are kept as properties.
 */
import type { FenceDraft, Polygon } from '../fence.ts';
import { readPolygons, readRing, type Parsed } from '../ring.ts';
import { fenceLabel, isRecord, type ParsedFile } from './parsed.ts';

const GEOMETRY_KEYS = new Set(['path', 'multipath']);

function geometry(entry: Record<string, unknown>): Parsed<{ polygons: readonly Polygon[]; multi: boolean }> {
  if (entry.multipath !== undefined && entry.multipath !== null) {
    const polygons = readPolygons(entry.multipath, 'latlon', true);
    return polygons.ok ? { ok: true, value: { polygons: polygons.value, multi: true } } : { ok: false, problem: `multipath: ${polygons.problem}` };
  }
  if (entry.path !== undefined && entry.path !== null) {
    const ring = readRing(entry.path, 'latlon');
    return ring.ok ? { ok: true, value: { polygons: Object.freeze([Object.freeze([ring.value])]), multi: false } } : { ok: false, problem: `path: ${ring.problem}` };
  }
  return { ok: false, problem: 'has neither "path" nor "multipath"' };
}

function split(entry: Record<string, unknown>): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) if (!GEOMETRY_KEYS.has(key)) rest[key] = value;
  return rest;
}

export function parsePoracle(doc: readonly unknown[]): ParsedFile {
  const drafts: FenceDraft[] = [];
  const problems: string[] = [];
  doc.forEach((entry, position) => {
    if (!isRecord(entry)) {
      problems.push(`${fenceLabel(position, undefined)}: is not an object`);
      return;
    }
    const shape = geometry(entry);
    if (!shape.ok) {
      problems.push(`${fenceLabel(position, entry.name)}: ${shape.problem}`);
      return;
    }
    const rest = split(entry);
    drafts.push({ fields: rest, extra: rest, polygons: shape.value.polygons, multi: shape.value.multi, position });
  });
  return { format: 'poracle', drafts, problems, skipped: [] };
}
