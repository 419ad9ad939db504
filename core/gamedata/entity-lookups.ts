/**
 * The by-id lookups of GameData (pokemon, moves, items, weather, teams, types, genders).
 * Unknown ids answer with `known: false` and readable fallback names; English translations fill in names
 * the masterfile lacks.
 */
import { fallbackName } from './fallback-names.ts';
import { generationById, generationOf } from './generation.ts';
import { pokemonKey, type MasterfileData } from './masterfile.ts';
import { ZERO_STATS } from './pokemon-parse.ts';
import { GENDERS, TEAMS, UNKNOWN_COLOR, WEATHER } from './tables.ts';
import { BASE_LANGUAGE, type Translations } from './translations.ts';
import type { TypeCatalog } from './type-catalog.ts';
import type {
  FormInfo,
  GenderInfo,
  GenerationInfo,
  ItemInfo,
  MoveInfo,
  PokemonInfo,
  TeamInfo,
  TypeInfo,
  WeatherInfo,
} from './types.ts';

export class EntityLookups {
  private readonly weathers: ReadonlyMap<number, WeatherInfo>;

  constructor(
    protected readonly master: MasterfileData,
    protected readonly translations: Translations,
  ) {
    this.weathers = new Map([...WEATHER.keys()].map((id) => [id, this.buildWeather(id)]));
  }

  protected get types(): TypeCatalog {
    return this.master.types;
  }

  /** English text of a translation key, when the English locale is loaded. */
  protected english(key: string): string | undefined {
    return this.translations.lookup(key, BASE_LANGUAGE);
  }

  pokemon(id: number, form = 0): PokemonInfo {
    const exact = this.master.pokemon.get(pokemonKey(id, form));
    if (exact) return exact;
    const base = this.master.pokemon.get(pokemonKey(id, 0));
    const formName = form === 0 ? '' : (this.master.formNames.get(form) ?? this.english(`form_${form}`) ?? fallbackName.form(form));
    if (base) return Object.freeze({ ...base, form, formName, generation: generationOf(id, formName) });
    return Object.freeze({
      id,
      form,
      name: this.english(`poke_${id}`) ?? fallbackName.pokemon(id),
      formName,
      types: [],
      baseStats: ZERO_STATS,
      generation: generationOf(id, formName),
      evolutions: [],
      tempEvolutions: [],
      known: false,
    });
  }

  forms(id: number): readonly FormInfo[] {
    return this.master.forms.get(id) ?? [];
  }

  move(id: number): MoveInfo {
    return this.master.moves.get(id) ?? Object.freeze({ id, name: this.english(`move_${id}`) ?? fallbackName.move(id), type: null, known: false });
  }

  /** every move the masterfile knows, by id */
  allMoves(): readonly MoveInfo[] {
    return [...this.master.moves.values()].sort((a, b) => a.id - b.id);
  }

  item(id: number): ItemInfo {
    return this.master.items.get(id) ?? Object.freeze({ id, name: this.english(`item_${id}`) ?? fallbackName.item(id), known: false });
  }

  private buildWeather(id: number): WeatherInfo {
    const row = WEATHER.get(id);
    return Object.freeze({
      id,
      name: row?.name ?? this.english(`weather_${id}`) ?? fallbackName.weather(id),
      boostedTypes: Object.freeze((row?.boosts ?? []).map((t) => this.types.ref(t))),
      emojiKey: row?.emojiKey ?? '',
      known: row !== undefined,
    });
  }

  weather(id: number): WeatherInfo {
    return this.weathers.get(id) ?? this.buildWeather(id);
  }

  team(id: number): TeamInfo {
    const row = TEAMS.get(id);
    return Object.freeze({ id, name: row?.name ?? fallbackName.team(id), color: row?.color ?? UNKNOWN_COLOR, emojiKey: row?.emojiKey ?? '', known: row !== undefined });
  }

  gender(id: number): GenderInfo {
    const row = GENDERS.get(id);
    return Object.freeze({ id, name: row?.name ?? '', emojiKey: row?.emojiKey ?? '' });
  }

  type(id: number): TypeInfo {
    return this.types.info(id);
  }

  typeByName(name: string): TypeInfo | undefined {
    return this.types.byName(name);
  }

  generation(id: number): GenerationInfo {
    return generationById(id);
  }
}
