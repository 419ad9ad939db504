/**
 * Where a tracking rule applies — the spec's rule modes, shared by every alert type:
 * 1. `d:<n>` → within n metres of the human's location;
 * 2. `d:<n>` + `location:<label>` → within n metres of that saved location;
 * 3. `area:<names>` → only inside those areas (the rule's override);
 * 4. otherwise → inside any of the human's areas.
 * A distance rule with no usable centre (location 0,0 or a label that no longer exists) matches nothing.
 */
import type { Human, NamedLocation, TrackingRow } from '../model.ts';
import type { EventLocation } from '../contract.ts';
import { distanceMetres } from '../geo/index.ts';
import { intColumn, lowerNameListColumn, textColumn } from './row-fields.ts';

/** The columns of a rule that decide where it applies, read once per snapshot. */
export interface RuleReach {
  /** metres; 0 = match by areas */
  readonly distance: number;
  /** `location:<label>` (as stored); null when the rule has none */
  readonly locationLabel: string | null;
  /** `area:<names>` lower-cased; null when the rule uses the human's areas */
  readonly areas: readonly string[] | null;
}

/**
 * Reaches without a saved location or an area override, one object per distance (not frozen: a frozen object
 * has a shape of its own, and the matcher reads every reach through one shape): most rules share one,
 * which saves an object per rule in every snapshot (half a million at the largest). Bounded, so odd distances
 * beyond it get their own object.
 */
const PLAIN_REACHES = new Map<number, RuleReach>();
const PLAIN_REACHES_MAX = 10_000;

function plainReach(distance: number): RuleReach {
  let reach = PLAIN_REACHES.get(distance);
  if (reach === undefined) {
    reach = { distance, locationLabel: null, areas: null };
    if (PLAIN_REACHES.size < PLAIN_REACHES_MAX) PLAIN_REACHES.set(distance, reach);
  }
  return reach;
}

export function readRuleReach(row: TrackingRow): RuleReach {
  const label = textColumn(row, 'override_location_label').trim();
  const distance = Math.max(0, intColumn(row, 'distance', 0));
  const areas = lowerNameListColumn(row, 'override_areas');
  if (label === '' && areas === null) return plainReach(distance);
  return { distance, locationLabel: label === '' ? null : label, areas };
}

/**
 * Why a rule did not reach an event: `no_location` (a distance rule whose human has no usable location),
 * `no_saved_location` (its `location:<label>` is gone or unusable), `too_far` (beyond its distance), `no_areas` (the
 * event lies in no geofence), `outside_areas` (none of the event's geofences is one of the rule's or human's areas).
 */
export type ReachMiss = 'no_location' | 'no_saved_location' | 'too_far' | 'no_areas' | 'outside_areas';

export type ReachOutcome =
  | { readonly reached: false; readonly why: ReachMiss }
  | { readonly reached: true; readonly distanceM?: number; readonly origin?: EventLocation };

/** A reach that was met. */
export type ReachedOutcome = Extract<ReachOutcome, { readonly reached: true }>;

/** one frozen outcome per reason: a miss allocates nothing */
const MISSED: { readonly [K in ReachMiss]: ReachOutcome } = {
  no_location: Object.freeze({ reached: false, why: 'no_location' }),
  no_saved_location: Object.freeze({ reached: false, why: 'no_saved_location' }),
  too_far: Object.freeze({ reached: false, why: 'too_far' }),
  no_areas: Object.freeze({ reached: false, why: 'no_areas' }),
  outside_areas: Object.freeze({ reached: false, why: 'outside_areas' }),
};
/** what an area rule inside one of its areas reaches: no distance, no origin */
export const IN_AREA: ReachedOutcome = Object.freeze({ reached: true });

function hasLocation(latitude: number, longitude: number): boolean {
  return Number.isFinite(latitude) && Number.isFinite(longitude) && !(latitude === 0 && longitude === 0);
}

function anyIn(names: readonly string[], areaNames: ReadonlySet<string>): boolean {
  for (const name of names) if (areaNames.has(name)) return true;
  return false;
}

/**
 * Whether an event at `point`, inside the fences `areaNames` (lower-cased), is within the rule's reach for
 * `human`. `locations` are the human's saved locations keyed by lower-cased label.
 */
export function ruleReaches(
  reach: RuleReach,
  human: Human,
  locations: ReadonlyMap<string, NamedLocation> | undefined,
  point: EventLocation,
  areaNames: ReadonlySet<string>,
): ReachOutcome {
  if (reach.distance > 0) {
    let origin: EventLocation;
    if (reach.locationLabel !== null) {
      const saved = locations?.get(reach.locationLabel.toLowerCase());
      if (!saved || !hasLocation(saved.latitude, saved.longitude)) return MISSED.no_saved_location;
      origin = { latitude: saved.latitude, longitude: saved.longitude };
    } else {
      if (!hasLocation(human.latitude, human.longitude)) return MISSED.no_location;
      origin = { latitude: human.latitude, longitude: human.longitude };
    }
    const distanceM = distanceMetres(origin.latitude, origin.longitude, point.latitude, point.longitude);
    return distanceM <= reach.distance ? { reached: true, distanceM, origin } : MISSED.too_far;
  }
  if (areaNames.size === 0) return MISSED.no_areas;
  return anyIn(reach.areas ?? human.area, areaNames) ? IN_AREA : MISSED.outside_areas;
}
