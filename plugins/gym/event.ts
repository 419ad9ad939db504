/**
 * The parsed gym update (`GymEvent`) and the last known state of a gym it is compared with.
 */

/** What we remember about a gym between webhooks (and across restarts, see state-file.ts). */
export interface GymState {
  /** 0 neutral, 1 mystic, 2 valor, 3 instinct */
  readonly team: number;
  readonly slotsAvailable: number;
  readonly inBattle: boolean;
}

/** How the gym changed since the state we knew; null when we had never seen it (nothing to compare). */
export interface GymChange {
  readonly previous: GymState;
  readonly teamChanged: boolean;
  readonly slotsChanged: boolean;
  /** the gym went into battle (it was not in battle before) */
  readonly battleStarted: boolean;
}

export interface GymEvent {
  readonly gymId: string;
  readonly name: string;
  readonly url: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly state: GymState;
  readonly guardPokemonId: number;
  readonly exEligible: boolean;
  readonly change: GymChange | null;
}
