/**
 * The parsed raid webhook (`RaidEvent`): a raid boss when `pokemonId` > 0, an egg when it is 0.
 */
import type { Payload } from '../../core/payload/index.ts';

/** One RSVP time slot (Golbat): how many trainers are going / maybe going at `timeslot` (unix ms). */
export interface RaidRsvp {
  readonly timeslot: number;
  readonly goingCount: number;
  readonly maybeCount: number;
}

export interface RaidEvent {
  readonly gymId: string;
  readonly gymName: string;
  readonly gymUrl: string;
  readonly latitude: number;
  readonly longitude: number;
  /** 0 neutral, 1 mystic, 2 valor, 3 instinct */
  readonly teamId: number;
  /** unix seconds the egg appeared (0 unknown) */
  readonly spawn: number;
  /** unix seconds the egg hatches / the battle starts */
  readonly start: number;
  /** unix seconds the raid ends */
  readonly end: number;
  readonly level: number;
  /** 0 = egg */
  readonly pokemonId: number;
  readonly form: number;
  readonly costume: number;
  readonly gender: number;
  readonly alignment: number;
  /** temporary evolution (mega / primal) id, 0 none */
  readonly evolution: number;
  readonly cp: number;
  readonly move1: number;
  readonly move2: number;
  /** the gym is EX-raid eligible */
  readonly exEligible: boolean;
  /** the raid itself is an EX raid */
  readonly isExclusive: boolean;
  readonly sponsorId: number;
  readonly arScanEligible: boolean;
  readonly powerUpLevel: number;
  readonly powerUpPoints: number;
  /** ascending by time slot; empty when none */
  readonly rsvps: readonly RaidRsvp[];
  readonly raw: Payload;
}

/** true for an egg (boss not known yet) */
export function isEgg(event: RaidEvent): boolean {
  return event.pokemonId === 0;
}
