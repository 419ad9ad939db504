/**
 * What the invasion plugin knows about an invasion character (a grunt type): from the invasion lineups it
 * downloads with the game data, else the masterfile's grunt table, else readable fallbacks.
 */
import type { PokemonRef } from '../../../core/gamedata/types.ts';

export type RewardSlot = 'first' | 'second' | 'third';

export interface GruntReward {
  readonly slot: RewardSlot;
  /** percent */
  readonly chance: number;
  readonly encounters: readonly PokemonRef[];
}

export interface GruntInfo {
  readonly id: number;
  /** English: "Bug", "Mixed", "Cliff", "Giovanni", "NPC 1"… */
  readonly type: string;
  /** the pokemon type id of a typed grunt, else null */
  readonly typeId: number | null;
  /** 0 unset, 1 male, 2 female */
  readonly gender: number;
  /** English kind: "Grunt", "Executive", "Giovanni", "Event"… */
  readonly grunt: string;
  /** English display name, e.g. "Bug - Grunt (Female)" */
  readonly name: string;
  readonly boss: boolean;
  readonly active: boolean;
  readonly encounters: Readonly<Record<RewardSlot, readonly PokemonRef[]>>;
  /** the slots a reward can come from, with their chance; empty when no reward is known */
  readonly rewards: readonly GruntReward[];
  /** percent chance that the reward comes from the second slot (0 when it cannot) */
  readonly secondRewardChance: number;
  /** "#rrggbb": the type colour of a typed grunt, else a neutral colour */
  readonly color: string;
  readonly emojiKey: string;
  readonly known: boolean;
}
