/**
 * Change detection for geofences: a hash of the whole loaded set (changes exactly when the loaded data
 * changes) and one md5 per area of JSON(path) (the `/geofence/all/hash` shape web clients compare).
 */
import { createHash } from 'node:crypto';
import type { Fence } from './fence.ts';
import { toPoracle } from './shapes.ts';

export function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON.stringify with object keys sorted at every level, so equal data always gives equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (isPlainObject(value)) {
    const members = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** md5 of JSON(path) for a plain fence, of JSON(multipath) for a multi-polygon fence. */
export function areaHash(fence: Fence): string {
  const shape = toPoracle(fence);
  return md5(JSON.stringify(shape.path ?? shape.multipath));
}

/** name → area hash; the first fence wins when two share a name. */
export function areaHashes(fences: readonly Fence[]): Readonly<Record<string, string>> {
  const byName = new Map<string, string>();
  for (const fence of fences) if (!byName.has(fence.name)) byName.set(fence.name, areaHash(fence));
  return Object.freeze(Object.fromEntries(byName));
}

/** Hash of the loaded set: every fence's fields, properties and geometry, in load order (not where it came from). */
export function setHash(fences: readonly Fence[]): string {
  const data = fences.map((f) => ({ name: f.name, id: f.id, group: f.group, description: f.description, color: f.color, userSelectable: f.userSelectable, displayInMatches: f.displayInMatches, multi: f.multi, properties: f.properties, polygons: f.polygons }));
  return md5(canonicalJson(data));
}
