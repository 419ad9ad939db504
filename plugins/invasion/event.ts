/**
 * The invasion event the plugin works with, read from an `invasion` webhook or a stop payload carrying an incident.
 */

/** One slot of a confirmed lineup (Golbat). */
export interface LineupSlot {
  readonly slot: number;
  readonly pokemonId: number;
  readonly form: number;
}

export interface InvasionEvent {
  readonly incidentId: string;
  readonly stopId: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly stopName: string;
  readonly stopUrl: string;
  /** the invasion character id (grunt type) */
  readonly gruntTypeId: number;
  /** 1 grunt …; 7 Gold-Stop, 8 Kecleon, 9 Showcase */
  readonly displayType: number;
  /** unix seconds */
  readonly expiration: number;
  readonly start: number;
  /** Golbat: the lineup was seen in a battle */
  readonly confirmed: boolean;
  readonly lineup: readonly LineupSlot[];
  /** the webhook type it came from */
  readonly source: 'invasion' | 'pokestop';
}
