/**
 * The geofence record every other geo module works with, and the one place that turns a parsed source
 * entry into it (named fields, defaults, the properties merge).
 */

/** A point as geofence files write it: [latitude, longitude]. */
export type LatLon = readonly [lat: number, lon: number];
/** A ring of points, as given by the source (closed or not). */
export type Ring = readonly LatLon[];
/** An outer ring followed by its holes. */
export type Polygon = readonly Ring[];
export type FenceId = number | string;

export interface Fence {
  readonly name: string;
  readonly id: FenceId;
  readonly group: string;
  readonly description: string;
  readonly color: string;
  readonly userSelectable: boolean;
  readonly displayInMatches: boolean;
  /** one entry for a plain polygon, several for `multipath` / MultiPolygon */
  readonly polygons: readonly Polygon[];
  /** the source wrote a multipath / MultiPolygon (kept for the Poracle output shape) */
  readonly multi: boolean;
  /** every member of the source's properties plus the named fields above (named fields win) */
  readonly properties: Readonly<Record<string, unknown>>;
  /** the `paths` entry the fence came from (a URL without its user:password) */
  readonly source: string;
}

/** The named fields, in the order the API writes them. */
export const NAMED_FIELDS = ['name', 'color', 'id', 'group', 'description', 'userSelectable', 'displayInMatches'] as const;

/** What a format parser hands over: the raw named values and extra properties, geometry already checked. */
export interface FenceDraft {
  readonly fields: Readonly<Record<string, unknown>>;
  readonly extra: Readonly<Record<string, unknown>>;
  readonly polygons: readonly Polygon[];
  readonly multi: boolean;
  /** position in its file, the id of last resort */
  readonly position: number;
}

export interface FenceDefaults {
  readonly defaultName: string;
  readonly source: string;
}

function text(value: unknown, fallback: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fallback;
}

function flag(value: unknown): boolean {
  return typeof value === 'boolean' ? value : true;
}

function fenceId(value: unknown, position: number): FenceId {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value !== '') return value;
  return position;
}

/** Builds the immutable fence: defaults for missing named fields, then properties = extra + named. */
export function makeFence(draft: FenceDraft, defaults: FenceDefaults): Fence {
  const f = draft.fields;
  const name = text(f.name, '');
  const named = {
    name: name === '' ? defaults.defaultName : name,
    color: text(f.color, ''),
    id: fenceId(f.id, draft.position),
    group: text(f.group, ''),
    description: text(f.description, ''),
    userSelectable: flag(f.userSelectable),
    displayInMatches: flag(f.displayInMatches),
  };
  const properties = Object.freeze({ ...draft.extra, ...named });
  return Object.freeze({ ...named, polygons: draft.polygons, multi: draft.multi, properties, source: defaults.source });
}
