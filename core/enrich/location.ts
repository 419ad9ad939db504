/**
 * Where the event is, as template variables: coordinates, the geofences it lies in (as names and, as the
 * previous generation gave them, as `matchedAreas` objects), and the three navigation links (with the names
 * older template files use).
 */
import type { EventLocation } from '../contract.ts';
import type { Fence } from '../geo/index.ts';

export interface LocationVariables {
  readonly latitude: number;
  readonly longitude: number;
  /** names of the fences shown in alerts (displayInMatches not false), comma separated */
  readonly areas: string;
  /** lower-cased names of every fence containing the event */
  readonly matched: readonly string[];
  /** every fence containing the event: name, description, displayInMatches, group */
  readonly matchedAreas: readonly MatchedArea[];
}

export interface MatchedArea {
  readonly name: string;
  readonly description: string;
  readonly displayInMatches: boolean;
  readonly group: string;
}

export function locationVariables(location: EventLocation, fences: readonly Fence[]): LocationVariables {
  return {
    latitude: location.latitude,
    longitude: location.longitude,
    areas: fences
      .filter((f) => f.displayInMatches !== false)
      .map((f) => f.name)
      .join(', '),
    matched: fences.map((f) => f.name.toLowerCase()),
    matchedAreas: fences.map((f) => ({ name: f.name, description: f.description, displayInMatches: f.displayInMatches !== false, group: f.group })),
  };
}

export interface NavigationLinks {
  readonly navUrlA: string;
  readonly navUrlB: string;
  readonly navUrlC: string;
  readonly googleMapUrl: string;
  readonly appleMapUrl: string;
  readonly wazeMapUrl: string;
  /** older spellings some bundled templates still use */
  readonly mapurl: string;
  readonly applemap: string;
}

/** A: Google Maps search, B: Apple Maps directions, C: Waze navigation. */
export function navigationLinks(location: EventLocation): NavigationLinks {
  const point = `${location.latitude},${location.longitude}`;
  const google = `https://www.google.com/maps/search/?api=1&query=${point}`;
  const apple = `https://maps.apple.com/?daddr=${point}`;
  const waze = `https://www.waze.com/ul?ll=${point}&navigate=yes&zoom=17`;
  return { navUrlA: google, navUrlB: apple, navUrlC: waze, googleMapUrl: google, appleMapUrl: apple, wazeMapUrl: waze, mapurl: google, applemap: apple };
}
