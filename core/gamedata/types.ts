/**
 * The public shapes of game data lookups. Every lookup returns one of these, also for ids nobody knows yet:
 * then `known` is false and the names are readable fallbacks ("Pokemon 1234", "Move 999").
 */

export interface TypeRef {
  readonly id: number;
  /** English name, e.g. "Electric" */
  readonly name: string;
}

export interface TypeInfo extends TypeRef {
  /** "#rrggbb" */
  readonly color: string;
  /** key for `emoji()`, e.g. "type-electric" */
  readonly emojiKey: string;
  readonly known: boolean;
}

export interface BaseStats {
  readonly baseAttack: number;
  readonly baseDefense: number;
  readonly baseStamina: number;
}

export interface GenerationInfo {
  /** 1..9; 0 when the dex number is outside every known generation */
  readonly id: number;
  /** English region name, e.g. "Kanto" */
  readonly name: string;
  /** "I".."IX"; "" when unknown */
  readonly roman: string;
}

export interface PokemonRef {
  readonly id: number;
  readonly form: number;
}

export interface EvolutionInfo extends PokemonRef {
  readonly candyCost?: number;
  readonly itemRequirement?: string;
}

export interface TempEvolutionInfo {
  /** 1 Mega, 2 Mega X, 3 Mega Y, 4 Primal, 5 Mega Z, … */
  readonly id: number;
  /** English name of the evolution kind, e.g. "Mega X" */
  readonly name: string;
  readonly baseStats: BaseStats;
  /** the evolved types (the base types when the data does not change them) */
  readonly types: readonly TypeRef[];
  readonly unreleased: boolean;
}

export interface PokemonInfo extends PokemonRef {
  /** English name from the masterfile */
  readonly name: string;
  /** English form name from the masterfile ("" for the base form, often "Normal") */
  readonly formName: string;
  readonly types: readonly TypeRef[];
  readonly baseStats: BaseStats;
  readonly generation: GenerationInfo;
  readonly evolutions: readonly EvolutionInfo[];
  readonly tempEvolutions: readonly TempEvolutionInfo[];
  /** only when the masterfile carries the flag */
  readonly legendary?: boolean;
  readonly mythic?: boolean;
  readonly ultraBeast?: boolean;
  /** false when the masterfile does not know this pokemon (name and stats are fallbacks) */
  readonly known: boolean;
}

export interface FormInfo {
  readonly form: number;
  readonly formName: string;
}

export interface MoveInfo {
  readonly id: number;
  readonly name: string;
  /** null when the move or its type is unknown */
  readonly type: TypeRef | null;
  readonly known: boolean;
}

export interface ItemInfo {
  readonly id: number;
  readonly name: string;
  readonly known: boolean;
}

export interface WeatherInfo {
  readonly id: number;
  readonly name: string;
  readonly boostedTypes: readonly TypeRef[];
  readonly emojiKey: string;
  readonly known: boolean;
}

export interface TeamInfo {
  readonly id: number;
  readonly name: string;
  readonly color: string;
  readonly emojiKey: string;
  readonly known: boolean;
}

export interface GenderInfo {
  readonly id: number;
  /** "", "male", "female", "genderless" */
  readonly name: string;
  readonly emojiKey: string;
}

/** Which sources the data was built from (for logs and /api master data). */
export interface GameDataSources {
  readonly masterfile: boolean;
  /** the plugins' game-data files present (by source name, e.g. `invasions`) */
  readonly files: readonly string[];
  readonly languages: readonly string[];
}
