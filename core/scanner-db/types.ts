/**
 * The shapes of the scanner database lookups ([database.scanner]): what a fort is called and which stops and gyms
 * lie in an area. Every lookup is cached and bounded in time; it answers "nothing" (null, an empty list) instead of
 * failing or waiting, so an alert never depends on the scanner database.
 */

/** The scanner tables a name is read from: pokestops, gyms and (Golbat only) max battle stations. */
export type FortKind = 'pokestop' | 'gym' | 'station';

/** The forts a static map may show around an event. */
export type NearbyKind = 'pokestop' | 'gym';

/** A latitude/longitude rectangle (degrees, min ≤ max). */
export interface LatLonBox {
  readonly minLat: number;
  readonly maxLat: number;
  readonly minLon: number;
  readonly maxLon: number;
}

/** One stop or gym near an event, as the scanner database has it. */
export interface NearbyFort {
  readonly kind: NearbyKind;
  readonly id: string;
  /** '' when the scanner has no name for it */
  readonly name: string;
  readonly latitude: number;
  readonly longitude: number;
  /** gyms only: the team holding it (0 = none) */
  readonly teamId?: number;
  /** gyms only: free defender slots */
  readonly slots?: number;
}

/**
 * The scanner database as plugins and the core read it (`services.scannerDb?.()`). Never throws; null or an empty
 * list means not known, not reachable, or not answered within the time bound.
 */
export interface ScannerDbLookup {
  /** which scanner's schema is read */
  readonly scannerType: 'golbat' | 'rdm';
  stopName(id: string): Promise<string | null>;
  gymName(id: string): Promise<string | null>;
  /** max battle stations are Golbat's only: always null with RDM */
  stationName(id: string): Promise<string | null>;
  /** the forts of one kind in the box, the nearest to its centre first, at most `limit` */
  nearby(kind: NearbyKind, box: LatLonBox, limit: number): Promise<readonly NearbyFort[]>;
  /**
   * For a command's `gym:<id or name>`: the enabled, not deleted gym with that id, else those whose name contains
   * the text (any case), by name, at most `limit`. Not cached; waits longer than an alert's lookup (a person waits
   * for the answer). `answered: false` when the database could not be asked or did not answer in time.
   */
  findGyms?(text: string, limit: number): Promise<GymSearch>;
}

/** A gym found by id or name. */
export interface FoundGym {
  readonly id: string;
  /** '' when the scanner has no name for it */
  readonly name: string;
  readonly latitude: number;
  readonly longitude: number;
}

export type GymSearch =
  | { readonly answered: true; readonly byId: boolean; readonly gyms: readonly FoundGym[] }
  | { readonly answered: false };

/** How one lookup ended, as counted in lookout_scanner_lookups_total{outcome}. */
export type LookupOutcome =
  /** answered from the in-memory cache */
  | 'cached'
  /** the database answered with a row (rows) */
  | 'found'
  /** the database answered: no such row */
  | 'not_found'
  /** no answer within the time bound (the answer, if it comes, still fills the cache) */
  | 'timeout'
  /** the query failed (missing table or column, lost connection…) */
  | 'error'
  /** not asked: the database is down, resting after failures, or too many queries are under way */
  | 'unavailable';

/** What a lookup queries, as counted in lookout_scanner_lookups_total{query}. */
export type LookupQuery = 'pokestop_name' | 'gym_name' | 'station_name' | 'nearby_pokestop' | 'nearby_gym' | 'find_gym';
