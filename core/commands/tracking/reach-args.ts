/**
 * Where a new rule applies: `d<metres>` / `d:<metres>`, `area:<name>[,<name>…]` and `location:<label>`, checked
 * against the spec's rule errors, the loaded fences, the target's saved locations and [tracking]
 * default_distance / max_distance.
 */
import { message, refuse, type Message, type Parsed } from './message.ts';
import { prefixRawValue, prefixValue, readDecimal } from './prefix-args.ts';

/** What the reach tokens of one command asked for. */
export interface ReachRequest {
  distance?: number;
  /** lower-cased, as typed */
  areas?: string[];
  /** as typed (original case) */
  location?: string;
}

export interface ReachLimits {
  readonly default_distance: number;
  /** 0 = no limit */
  readonly max_distance: number;
}

export interface ReachOptions {
  readonly limits: ReachLimits;
  /** lower-cased names of the loaded fences */
  readonly areaNames: ReadonlySet<string>;
  /** the target's saved location labels */
  readonly locationLabels: readonly string[];
}

/** The reach columns of the rules, plus a note when the distance was capped. */
export interface ReachColumns {
  readonly distance: number;
  readonly override_areas: string | null;
  readonly override_location_label: string | null;
  readonly note: Message | null;
}

/**
 * Reads a reach token into `request`; false when the token is none. `raw` is the token in its original case
 * (location labels keep it).
 */
export function readReachToken(token: string, raw: string, request: ReachRequest): boolean {
  const distance = prefixValue(token, 'd');
  if (distance !== null) {
    const metres = readDecimal(distance);
    if (metres === null) return false;
    request.distance = Math.round(metres);
    return true;
  }
  const areas = prefixValue(token, 'area', true);
  if (areas !== null) {
    const names = areas.split(',').map((n) => n.trim()).filter((n) => n !== '');
    if (names.length === 0) return false;
    request.areas = [...(request.areas ?? []), ...names];
    return true;
  }
  const label = prefixRawValue(token, raw, 'location', true)?.trim();
  if (!label) return false;
  request.location = label;
  return true;
}

function distanceOf(request: ReachRequest, limits: ReachLimits): { metres: number; note: Message | null } {
  const asked = request.distance ?? (request.areas ? 0 : limits.default_distance);
  if (limits.max_distance > 0 && asked > limits.max_distance) {
    return { metres: limits.max_distance, note: message('Distance has been capped to the maximum of {max}m.', { max: limits.max_distance }) };
  }
  return { metres: asked, note: null };
}

/** The spec's rule errors, then fence names and saved labels; the columns when everything holds. */
export function resolveReach(request: ReachRequest, options: ReachOptions): Parsed<ReachColumns> {
  const hasDistance = request.distance !== undefined && request.distance > 0;
  if (hasDistance && request.areas) return refuse('Distance and area filters are mutually exclusive: use d: or area:, not both');
  if (request.areas && request.location !== undefined) return refuse('Use area: or location:, not both');
  if (request.location !== undefined && !hasDistance) return refuse('location: requires d: (for example d:500 location:{label})', { label: request.location });

  let areas: string | null = null;
  if (request.areas) {
    const unknown = request.areas.filter((a) => !options.areaNames.has(a.toLowerCase()));
    if (unknown.length > 0) return refuse('Unknown area: {areas}. Use {prefix}area list to see the areas you can use', { areas: unknown.join(', ') });
    areas = JSON.stringify([...new Set(request.areas.map((a) => a.toLowerCase()))]);
  }

  let label: string | null = null;
  if (request.location !== undefined) {
    const wanted = request.location.toLowerCase();
    const saved = options.locationLabels.find((l) => l.toLowerCase() === wanted);
    if (saved === undefined) return refuse('Unknown location "{label}". Use {prefix}location list to see your saved locations', { label: request.location });
    label = saved;
  }

  const { metres, note } = distanceOf(request, options.limits);
  return { ok: true, value: { distance: metres, override_areas: areas, override_location_label: label, note } };
}
