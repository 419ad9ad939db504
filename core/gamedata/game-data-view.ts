/**
 * The GameData implementation: entity lookups plus localised names, name resolution and emoji.
 * Localised names use the pogo-translations keys (poke_<id>, form_<id>, move_<id>, item_<id>,
 * poke_type_<id>, weather_<id>, team_<id>, gender_<id>, generation_<n>, evo_<id>),
 * English for a key the language lacks, then the English name from the data, then the id fallback. The
 * plugins' game-data sources are parsed on first use and kept with the view.
 */
import { mergeAliases } from './aliases.ts';
import { EmojiTable } from './emoji.ts';
import type { EmojiTables } from './game-data.ts';
import { EntityLookups } from './entity-lookups.ts';
import { fallbackName } from './fallback-names.ts';
import type { GameDataParts } from './parts.ts';
import { looksLikeMasterfile, parseMasterfile } from './masterfile.ts';
import { tempEvolutionName } from './pokemon-parse.ts';
import { PokemonResolver } from './pokemon-resolver.ts';
import type { GameDataSource } from './source.ts';
import { BASE_LANGUAGE, Translations } from './translations.ts';
import type { GameDataSources, ItemInfo, PokemonInfo } from './types.ts';

/** The GameData implementation; that it is a whole GameData is checked where it is built (buildGameData in game-data.ts). */
export class GameDataView extends EntityLookups {
  readonly sources: GameDataSources;
  private readonly resolver: PokemonResolver;
  private readonly emojiTable: EmojiTable;
  private readonly basePokemon: readonly PokemonInfo[];
  private readonly files: Readonly<Record<string, unknown>>;
  /** each source's parsed form, by source object (see `source`) */
  private readonly parsed = new Map<GameDataSource<unknown>, unknown>();

  constructor(parts: GameDataParts) {
    const hasMaster = looksLikeMasterfile(parts.masterfile);
    const master = parseMasterfile(hasMaster ? parts.masterfile : {});
    const translations = new Translations(parts.locales ?? {});
    super(master, translations);
    this.resolver = new PokemonResolver(parts.aliases ?? mergeAliases(), translations, master);
    this.emojiTable = parts.emoji ?? EmojiTable.empty();
    this.basePokemon = Object.freeze([...master.pokemon.values()].filter((p) => p.form === 0).sort((a, b) => a.id - b.id));
    this.files = parts.files ?? {};
    this.sources = Object.freeze({
      masterfile: hasMaster,
      files: Object.freeze(Object.keys(this.files).filter((name) => this.files[name] !== undefined)),
      languages: Object.freeze(translations.languages),
    });
  }

  /** key in `lang` → English for that key → `fallback`; no `lang`: the English name from the data (`fallback`) */
  private localized(key: string, lang: string | undefined, fallback: string): string {
    return (lang === undefined ? undefined : this.translations.lookup(key, lang)) ?? fallback;
  }

  translate(keyOrText: string, lang: string): string {
    return this.translations.translate(keyOrText, lang);
  }

  translationKeys(prefix: string): readonly string[] {
    return this.translations.keysWithPrefix(prefix);
  }

  pokemonName(id: number, lang?: string): string {
    return this.localized(`poke_${id}`, lang, this.pokemon(id).name);
  }

  formName(formId: number, lang?: string): string {
    if (formId === 0) return '';
    return this.localized(`form_${formId}`, lang, this.master.formNames.get(formId) ?? fallbackName.form(formId));
  }

  moveName(id: number, lang?: string): string {
    return this.localized(`move_${id}`, lang, this.move(id).name);
  }

  itemName(id: number, lang?: string): string {
    return this.localized(`item_${id}`, lang, this.item(id).name);
  }

  typeName(id: number, lang?: string): string {
    return this.localized(`poke_type_${id}`, lang, this.type(id).name);
  }

  weatherName(id: number, lang?: string): string {
    // weather_0 is "Extreme" in the translations; the scanners' 0 means "no weather"
    if (id === 0) return this.weather(0).name;
    return this.localized(`weather_${id}`, lang, this.weather(id).name);
  }

  teamName(id: number, lang?: string): string {
    return this.localized(`team_${id}`, lang, this.team(id).name);
  }

  genderName(id: number, lang?: string): string {
    if (id === 0) return '';
    return this.localized(`gender_${id}`, lang, this.gender(id).name);
  }

  generationName(id: number, lang?: string): string {
    const generation = this.generation(id);
    return this.localized(`generation_${id}`, lang, generation.id === 0 ? fallbackName.generation(id) : generation.name);
  }

  tempEvolutionName(id: number, lang?: string): string {
    return this.localized(`evo_${id}`, lang, tempEvolutionName(id));
  }

  allPokemon(): readonly PokemonInfo[] {
    return this.basePokemon;
  }

  allItems(): readonly ItemInfo[] {
    return [...this.master.items.values()].sort((a, b) => a.id - b.id);
  }

  resolvePokemon(input: string | number, lang?: string): readonly number[] {
    return this.resolver.resolve(input, lang);
  }

  emoji(key: string, platform?: string): string {
    return this.emojiTable.lookup(key, platform);
  }

  emojiTables(): EmojiTables {
    return this.emojiTable.tables();
  }

  translation(key: string, lang: string = BASE_LANGUAGE): string | undefined {
    return this.translations.lookup(key, lang);
  }

  masterfileSection(name: string): unknown {
    return Object.hasOwn(this.master.sections, name) ? this.master.sections[name] : undefined;
  }

  source<T>(source: GameDataSource<T>): T {
    if (!this.parsed.has(source)) {
      const raw = this.files[source.name];
      this.parsed.set(source, source.parse(raw !== undefined && source.looksValid(raw) ? raw : undefined, this));
    }
    return this.parsed.get(source) as T;
  }
}
