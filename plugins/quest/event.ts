/**
 * The parsed quest (`QuestEvent`): one field research task at one stop, with its rewards and conditions as
 * the scanner reported them. Golbat sends a stop's AR and non-AR quests as separate webhooks (`withAr`).
 */

/**
 * Reward type ids of the game (QuestRewardProto.Type), every one the game data names (`quest_reward_<n>` in
 * the translations, `questRewardTypes` in the raw masterfile).
 */
export const REWARD = {
  unset: 0,
  experience: 1,
  item: 2,
  stardust: 3,
  candy: 4,
  avatarClothing: 5,
  quest: 6,
  pokemon: 7,
  pokecoin: 8,
  xlCandy: 9,
  levelCap: 10,
  sticker: 11,
  megaEnergy: 12,
  incident: 13,
  playerAttribute: 14,
  eventBadge: 15,
  pokemonEgg: 16,
  individualStat: 17,
  lootTable: 18,
  friendshipPoints: 19,
  tempEvoResource: 20,
} as const;

/**
 * Our English name of each reward type, for when the translations lack `quest_reward_<n>` (their wording where
 * they have one). A type missing here and in the translations is unknown to the game data.
 */
export const REWARD_TYPE_NAMES: Readonly<Record<number, string>> = {
  [REWARD.unset]: 'Unset',
  [REWARD.experience]: 'XP',
  [REWARD.item]: 'Item',
  [REWARD.stardust]: 'Stardust',
  [REWARD.candy]: 'Candy',
  [REWARD.avatarClothing]: 'Avatar Clothing',
  [REWARD.quest]: 'Quest',
  [REWARD.pokemon]: 'Pokémon Encounter',
  [REWARD.pokecoin]: 'PokéCoins',
  [REWARD.xlCandy]: 'XL Candy',
  [REWARD.levelCap]: 'Level Cap',
  [REWARD.sticker]: 'Sticker',
  [REWARD.megaEnergy]: 'Mega Energy',
  [REWARD.incident]: 'Incident',
  [REWARD.playerAttribute]: 'Player Attribute',
  [REWARD.eventBadge]: 'Event Badge',
  [REWARD.pokemonEgg]: 'Pokémon Egg',
  [REWARD.individualStat]: 'Pokémon Individual Stat',
  [REWARD.lootTable]: 'Loot Table',
  [REWARD.friendshipPoints]: 'Friendship Points',
  [REWARD.tempEvoResource]: 'Temp Evo Branch Resource',
};

/** One reward: the fields of `info` that any reward type uses (0 / false when the type has none). */
export interface QuestReward {
  readonly type: number;
  readonly amount: number;
  readonly itemId: number;
  readonly pokemonId: number;
  readonly formId: number;
  readonly costumeId: number;
  readonly genderId: number;
  readonly shiny: boolean;
  /** sticker rewards name their sticker by a string id */
  readonly stickerId: string;
  /** level cap rewards: the new level cap (RDM's `level_cap`; Golbat sends these rewards without details) */
  readonly levelCap: number;
}

/** One task condition: its type and the raw `info` object (read by quest-text.ts). */
export interface QuestCondition {
  readonly type: number;
  readonly info: Readonly<Record<string, unknown>>;
}

export interface QuestEvent {
  readonly pokestopId: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly stopName: string;
  readonly stopUrl: string;
  /** the quest type enum (QuestType), 0 when unknown */
  readonly questType: number;
  /** how many times the task must be done */
  readonly target: number;
  readonly template: string;
  /** pogo-translations title key without its `quest_title_` prefix, e.g. `quest_catch_pokemon_plural` */
  readonly title: string;
  /** older scanners' ready-made task text (`quest_task`) */
  readonly questTask: string;
  readonly conditions: readonly QuestCondition[];
  readonly rewards: readonly QuestReward[];
  /** true: the quest needs an AR scan (Golbat reports AR and non-AR quests of a stop separately) */
  readonly withAr: boolean;
  /** unix seconds the scanner saw the quest (or when it reached us) */
  readonly seenAt: number;
  readonly raw: Readonly<Record<string, unknown>>;
}
