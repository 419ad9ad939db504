/**
 * GameData: the immutable, read-only view of the game data every alert plugin and the DTS helpers use.
 * Built once at start from the masterfile, the plugins' game-data files, the translations, the aliases and the
 * emoji tables; every lookup answers for every id (unknown ids give readable fallbacks, never an exception).
 */
import { GameDataView } from './game-data-view.ts';
import type { GameDataParts } from './parts.ts';
import type { GameDataSource } from './source.ts';
import type {
  FormInfo,
  GameDataSources,
  GenderInfo,
  GenerationInfo,
  ItemInfo,
  MoveInfo,
  PokemonInfo,
  TeamInfo,
  TypeInfo,
  WeatherInfo,
} from './types.ts';

export interface GameData {
  /** what the data was built from */
  readonly sources: GameDataSources;

  pokemon(id: number, form?: number): PokemonInfo;
  /** the known forms of a pokemon (empty when unknown) */
  forms(id: number): readonly FormInfo[];
  /** every pokemon the masterfile knows, base form (form 0) only, by dex number (empty without a masterfile) */
  allPokemon(): readonly PokemonInfo[];
  move(id: number): MoveInfo;
  item(id: number): ItemInfo;
  /** every item the masterfile knows, by id (empty without a masterfile) */
  allItems(): readonly ItemInfo[];
  /** every move the masterfile knows, by id (empty without a masterfile) */
  allMoves(): readonly MoveInfo[];
  /** the English translation keys that start with `prefix` (e.g. `quest_reward_`), for listings */
  translationKeys(prefix: string): readonly string[];
  weather(id: number): WeatherInfo;
  team(id: number): TeamInfo;
  type(id: number): TypeInfo;
  /** by English type name, case-insensitive */
  typeByName(name: string): TypeInfo | undefined;
  gender(id: number): GenderInfo;
  /** by generation number (1..9) */
  generation(id: number): GenerationInfo;

  /** a pogo-translations key (`poke_25`) or an English text ("Hyper Beam") in `lang`; unchanged when unknown */
  translate(keyOrText: string, lang: string): string;
  // Localised names: `lang` missing → the English name from the data (masterfile / our tables).
  pokemonName(id: number, lang?: string): string;
  /** "" for form 0 */
  formName(formId: number, lang?: string): string;
  moveName(id: number, lang?: string): string;
  itemName(id: number, lang?: string): string;
  typeName(id: number, lang?: string): string;
  weatherName(id: number, lang?: string): string;
  teamName(id: number, lang?: string): string;
  genderName(id: number, lang?: string): string;
  generationName(id: number, lang?: string): string;
  /** 1 → "Mega", 2 → "Mega X", 4 → "Primal"… */
  tempEvolutionName(id: number, lang?: string): string;

  /**
   * Dex ids for what a user typed: a dex number, an alias, or a pokemon name in `lang`, English or any other
   * loaded language (case, accents and punctuation ignored). Empty when nothing matches.
   */
  resolvePokemon(input: string | number, lang?: string): readonly number[];

  /** the emoji for a key ("type-fire", "weather-rain"…), per platform when given; "" when unknown */
  emoji(key: string, platform?: string): string;

  /** every emoji key: the default table and each platform's overrides, the operator's over the bundled ones */
  emojiTables(): EmojiTables;

  /** the text of a pogo-translations key in `lang` (default English), else in English; undefined when unknown */
  translation(key: string, lang?: string): string | undefined;
  /** a top-level section of the masterfile as the file has it (`grunts`…), for plugins that read one; undefined when absent */
  masterfileSection(name: string): unknown;
  /** what a plugin's game-data source built from its file (parsed once per GameData, on the first call) */
  source<T>(source: GameDataSource<T>): T;
}

export function buildGameData(parts: GameDataParts): GameData {
  return Object.freeze(new GameDataView(parts));
}

let empty: GameData | undefined;

export const GameData = {
  /** no data at all: every name is a fallback ("Pokemon 25") */
  empty(): GameData {
    empty ??= buildGameData({});
    return empty;
  },
  build: buildGameData,
} as const;

/** Emoji by key as an editor lists them (GET /api/dts/emoji). */
export interface EmojiTables {
  readonly defaults: Readonly<Record<string, string>>;
  readonly platforms: Readonly<Record<string, Readonly<Record<string, string>>>>;
}
