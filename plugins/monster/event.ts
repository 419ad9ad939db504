/**
 * A wild pokemon sighting, as the monster plugin understands it after parsing a Golbat or RDM `pokemon`
 * webhook. Unknown values are explicit (`encountered` false, 0 for an unknown size or weather).
 */

/** A league's CP cap: 500 little, 1500 great, 2500 ultra. */
export type LeagueCap = 500 | 1500 | 2500;

export const LEAGUES: readonly { readonly cap: LeagueCap; readonly key: 'little' | 'great' | 'ultra' }[] = [
  { cap: 500, key: 'little' },
  { cap: 1500, key: 'great' },
  { cap: 2500, key: 'ultra' },
];

/** One PVP rank the scanner computed for this individual (possibly for one of its evolutions). */
export interface PvpRank {
  readonly pokemon: number;
  readonly form: number;
  /** temporary evolution (mega) id; 0 = none */
  readonly evolution: number;
  /** the level cap the rank was computed for (40, 50, 51…); 0 = not given */
  readonly cap: number;
  /** the rank does not change above this cap */
  readonly capped: boolean;
  readonly level: number;
  readonly cp: number;
  /** stat product relative to rank 1, 0..1 */
  readonly percentage: number;
  readonly rank: number;
}

/** What the scanner saw; `seenType` is already one of the template words. */
export type SeenType = 'encounter' | 'wild' | 'pokestop' | 'cell' | 'lure';

export interface IndividualValues {
  readonly atk: number;
  readonly def: number;
  readonly sta: number;
  /** percent, 0..100 with two decimals */
  readonly iv: number;
  readonly cp: number;
  readonly level: number;
}

export interface MonsterEvent {
  readonly encounterId: string;
  readonly pokemonId: number;
  readonly form: number;
  readonly costume: number;
  /** 0 unknown, 1 male, 2 female, 3 genderless */
  readonly gender: number;
  readonly latitude: number;
  readonly longitude: number;
  /** unix seconds; 0 = unknown */
  readonly disappearTime: number;
  readonly disappearTimeVerified: boolean;
  readonly firstSeen: number;
  /** null when the pokemon was not encountered (no IV data) */
  readonly stats: IndividualValues | null;
  readonly move1: number;
  readonly move2: number;
  /** kg; 0 unknown */
  readonly weight: number;
  /** m; 0 unknown */
  readonly height: number;
  /** 1 XXS … 5 XXL; 0 unknown */
  readonly size: number;
  /** boosting weather 0..7 (0 none) */
  readonly weather: number;
  /** catch rates 0..1 in ball order (poke, great, ultra); null when the scanner did not send them */
  readonly capture: readonly [number, number, number] | null;
  readonly shiny: boolean | null;
  /** the species this pokemon disguises as (Ditto); 0 = none */
  readonly displayPokemonId: number;
  readonly displayForm: number;
  readonly seenType: SeenType;
  readonly spawnpointId: string;
  readonly pokestopId: string;
  readonly pokestopName: string;
  readonly isEvent: boolean;
  readonly username: string;
  /** ranks by league cap, as sent (not yet filtered) */
  readonly pvp: ReadonlyMap<LeagueCap, readonly PvpRank[]>;
  /** the webhook message as received; templates written for the previous generation read its fields */
  readonly raw: Readonly<Record<string, unknown>>;
}
