/**
 * What the game helpers (pokemonName, moveName, getEmoji, calculateCp, map…) need from game data. The
 * DTS engine defines it; the service wires the real game data to it. Every method must degrade to a readable
 * value for an unknown id (an empty string or the id), never throw.
 *
 * `language` undefined means the untranslated (English master data) text — what the `…Eng` helpers show.
 */

export interface BaseStats {
  readonly baseAttack: number;
  readonly baseDefense: number;
  readonly baseStamina: number;
}

export interface PokemonInfo {
  /** English type names, e.g. ['Grass', 'Poison'] */
  readonly types: readonly string[];
  readonly baseStats: BaseStats;
  /** has evolutions or temporary (mega) evolutions */
  readonly hasEvolutions: boolean;
}

/** The cost of one power-up from `level` to the next half level. */
export interface PowerUpStep {
  readonly level: number;
  readonly stardust: number;
  readonly candy: number;
  readonly xlCandy: number;
}

export interface GameLookups {
  /** creature name by dex number; '' for unknown */
  pokemonName(id: number, language?: string): string;
  /** form name by form id (`Normal` included); '' for unknown or 0 */
  formName(formId: number, language?: string): string;
  /** types, base stats and evolutions of (id, form); implementations fall back to form 0; null when unknown */
  pokemonInfo(id: number, form: number): PokemonInfo | null;
  /** a type's name from its English name (e.g. 'Grass') */
  typeName(type: string, language?: string): string;
  /** the emoji of a type (English name) on a platform; '' for unknown */
  typeEmoji(type: string, platform: string): string;
  moveName(moveId: number, language?: string): string;
  /** the move's type name; '' for unknown */
  moveType(moveId: number, language?: string): string;
  /** an emoji by key (e.g. 'shiny', 'type-grass') for a platform, with operator overrides applied */
  emoji(key: string, platform: string): string;
  /** translates a text (English source) into a language; unknown texts come back unchanged */
  translate(text: string, language: string): string;
  /** the CP multiplier of a level (1, 1.5, … 51); null when unknown */
  cpMultiplier(level: number): number | null;
  /** the power-up cost table, ascending by level */
  powerUpSteps(): readonly PowerUpStep[];
  /** an operator custom map (PoracleJS customMaps: `{ name, language?, map }`) for the language, else for any language */
  customMap(name: string, language: string): Readonly<Record<string, unknown>> | null;
}

/** Lookups without game data: names fall back to ids, emoji to their keys, texts stay untranslated. For tests. */
export function idOnlyLookups(): GameLookups {
  const idText = (id: number): string => (Number.isFinite(id) && id > 0 ? String(id) : '');
  return {
    pokemonName: (id) => idText(id),
    formName: (formId) => idText(formId),
    pokemonInfo: () => null,
    typeName: (type) => type,
    typeEmoji: () => '',
    moveName: (moveId) => idText(moveId),
    moveType: () => '',
    emoji: (key) => key,
    translate: (text) => text,
    cpMultiplier: () => null,
    powerUpSteps: () => [],
    customMap: () => null,
  };
}
