/**
 * The parsed quest (`QuestEvent`): one field research task at one stop, with its rewards and conditions as
 * the scanner reported them. Golbat sends a stop's AR and non-AR quests as separate webhooks (`withAr`).
 */

/** Reward type ids of the game (QuestRewardProto.Type) the plugin names, matches and draws. */
export const REWARD = {
  experience: 1,
  item: 2,
  stardust: 3,
  candy: 4,
  pokemon: 7,
  pokecoin: 8,
  xlCandy: 9,
  sticker: 11,
  megaEnergy: 12,
} as const;

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
