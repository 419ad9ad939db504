/**
 * What templates of the previous generations knew about a species, beyond its names: its weaknesses by damage
 * multiplier (`weaknessList`, `weaknessEmoji`), its evolutions forward (`evolutions`, `megaEvolutions`) and
 * backward (`prevEvolutions`), the weathers that boost it (`boostingWeatherIds`, `boostingWeathersEmoji`), its
 * type names in English and its type emoji as lists. Shared by the alert plugins that show a pokemon; the
 * same species comes up again and again, so the facts are built once per species, form, language and platform
 * and kept (the objects are shared between alerts: never change them).
 */
import type { GameData } from './game-data.ts';
import type { BaseStats, PokemonInfo, TypeRef } from './types.ts';

export interface WeaknessType {
  readonly typeId: number;
  /** in the language asked for */
  readonly name: string;
  readonly nameEng: string;
  /** the type's emoji on the platform asked for */
  readonly emoji: string;
}

/** The attacking types that hit the species with one damage multiplier. */
export interface WeaknessCategory {
  /** 4, 2, 0.5, 0.25 or 0.125 */
  readonly value: number;
  /** "Very vulnerable to", "Vulnerable to", "Resistant to", "Very resistant to", "Extremely resistant to" (translated) */
  readonly text: string;
  readonly types: readonly WeaknessType[];
  /** the types' names joined with ", " */
  readonly typeName: string;
  /** the types' emoji, joined */
  readonly typeEmoji: string;
}

export interface EvolutionEntry {
  readonly id: number;
  readonly form: number;
  readonly name: string;
  readonly nameEng: string;
  readonly formName: string;
  readonly formNameEng: string;
  /** the form's name, '' for the normal form */
  readonly formNormalised: string;
  readonly formNormalisedEng: string;
  readonly fullName: string;
  readonly fullNameEng: string;
  readonly typeName: string;
  readonly typeEmoji: string;
  readonly baseStats: BaseStats;
  /** e.g. "50 candies + Sun Stone"; '' when the data tells nothing */
  readonly evolutionRequirement: string;
}

export interface MegaEvolutionEntry {
  /** the temporary evolution id: 1 Mega, 2 Mega X, 3 Mega Y, 4 Primal… */
  readonly evolution: number;
  readonly fullName: string;
  readonly fullNameEng: string;
  readonly types: readonly TypeRef[];
  readonly typeName: string;
  readonly typeEmoji: string;
  readonly baseStats: BaseStats;
}

export interface PrevEvolutionEntry {
  readonly id: number;
  readonly form: number;
  readonly name: string;
  readonly formName: string;
  readonly fullName: string;
  readonly evolutionRequirement: string;
}

export interface SpeciesFacts {
  readonly weaknessList: readonly WeaknessCategory[];
  /** "2x⚡💧 0.5x🔥 " — each category's multiplier and type emoji, as the previous generations wrote it */
  readonly weaknessEmoji: string;
  readonly evolutions: readonly EvolutionEntry[];
  readonly megaEvolutions: readonly MegaEvolutionEntry[];
  readonly prevEvolutions: readonly PrevEvolutionEntry[];
  readonly hasEvolutions: boolean;
  readonly hasMegaEvolutions: boolean;
  /** ids of the weathers boosting one of its types */
  readonly boostingWeatherIds: readonly number[];
  /** those weathers' emoji, joined */
  readonly boostingWeathersEmoji: string;
  /** its type names in English */
  readonly typeNameEng: readonly string[];
  /** its type emoji, one per type */
  readonly typeEmojiList: readonly string[];
}

/** The in-game weathers (1 clear … 7 fog). */
const WEATHER_IDS = [1, 2, 3, 4, 5, 6, 7] as const;
const CATEGORIES: readonly (readonly [number, string])[] = [
  [4, 'Very vulnerable to'],
  [2, 'Vulnerable to'],
  [0.5, 'Resistant to'],
  [0.25, 'Very resistant to'],
  [0.125, 'Extremely resistant to'],
];
/** evolution chains are short; a bound keeps a cyclic masterfile from looping */
const MAX_DEPTH = 10;
/** distinct species × form × language × platform kept per game data */
const CACHE_LIMIT = 4000;

interface TypeMatchup {
  readonly weaknesses: readonly number[];
  readonly resistances: readonly number[];
  readonly immunes: readonly number[];
}

interface Derived {
  readonly matchups: ReadonlyMap<number, TypeMatchup>;
  readonly previous: ReadonlyMap<string, readonly { readonly from: PokemonInfo; readonly requirement: { readonly candyCost?: number; readonly itemRequirement?: string } }[]>;
  readonly facts: Map<string, SpeciesFacts>;
}

const derivedByData = new WeakMap<GameData, Derived>();

function typeIds(list: unknown, gameData: GameData): number[] {
  if (!Array.isArray(list)) return [];
  const out: number[] = [];
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { typeId, typeName } = entry as { typeId?: unknown; typeName?: unknown };
    if (typeof typeId === 'number') out.push(typeId);
    else if (typeof typeName === 'string') {
      const found = gameData.typeByName(typeName);
      if (found) out.push(found.id);
    }
  }
  return out;
}

/** The masterfile's `types` section (keyed by English type name) as matchups by type id. */
function readMatchups(gameData: GameData): Map<number, TypeMatchup> {
  const section = gameData.masterfileSection('types');
  const out = new Map<number, TypeMatchup>();
  if (typeof section !== 'object' || section === null) return out;
  for (const [name, value] of Object.entries(section as Record<string, unknown>)) {
    const type = gameData.typeByName(name);
    if (!type || typeof value !== 'object' || value === null) continue;
    const v = value as Record<string, unknown>;
    out.set(type.id, { weaknesses: typeIds(v.weaknesses, gameData), resistances: typeIds(v.resistances, gameData), immunes: typeIds(v.immunes, gameData) });
  }
  return out;
}

function readPrevious(gameData: GameData): Derived['previous'] {
  const out = new Map<string, { from: PokemonInfo; requirement: { candyCost?: number; itemRequirement?: string } }[]>();
  for (const base of gameData.allPokemon()) {
    const forms = [base, ...gameData.forms(base.id).filter((f) => f.form !== 0).map((f) => gameData.pokemon(base.id, f.form))];
    for (const from of forms) {
      for (const evolution of from.evolutions) {
        const key = `${evolution.id}:${evolution.form}`;
        const list = out.get(key) ?? [];
        if (!list.some((p) => p.from.id === from.id && p.from.form === from.form)) list.push({ from, requirement: evolution });
        out.set(key, list);
      }
    }
  }
  return out;
}

function derived(gameData: GameData): Derived {
  let found = derivedByData.get(gameData);
  if (!found) {
    found = { matchups: readMatchups(gameData), previous: readPrevious(gameData), facts: new Map() };
    derivedByData.set(gameData, found);
  }
  return found;
}

function shownForm(gameData: GameData, form: number, lang?: string): string {
  if (!form) return '';
  const name = gameData.formName(form, lang);
  return /^normal$/i.test(name) ? '' : name;
}

function joined(name: string, form: string): string {
  return form ? `${name} ${form}` : name;
}

function requirementText(gameData: GameData, requirement: { readonly candyCost?: number; readonly itemRequirement?: string }, lang: string): string {
  const parts: string[] = [];
  if (requirement.candyCost) parts.push(`${requirement.candyCost} ${gameData.translate('candies', lang)}`);
  if (requirement.itemRequirement) parts.push(gameData.translate(requirement.itemRequirement, lang));
  return parts.join(' + ');
}

function weaknesses(gameData: GameData, matchups: ReadonlyMap<number, TypeMatchup>, types: readonly TypeRef[], lang: string, platform: string): WeaknessCategory[] {
  const multiplier = new Map<number, number>();
  const times = (ids: readonly number[], by: number) => {
    for (const id of ids) multiplier.set(id, (multiplier.get(id) ?? 1) * by);
  };
  for (const type of types) {
    const matchup = matchups.get(type.id);
    if (!matchup) continue;
    times(matchup.weaknesses, 2);
    times(matchup.resistances, 0.5);
    times(matchup.immunes, 0.25);
  }
  const out: WeaknessCategory[] = [];
  for (const [value, text] of CATEGORIES) {
    const ids = [...multiplier].filter(([, m]) => m === value).map(([id]) => id).sort((a, b) => a - b);
    if (ids.length === 0) continue;
    const list = ids.map((id) => ({ typeId: id, name: gameData.typeName(id, lang), nameEng: gameData.type(id).name, emoji: gameData.emoji(gameData.type(id).emojiKey, platform) }));
    out.push({ value, text: gameData.translate(text, lang), types: list, typeName: list.map((t) => t.name).join(', '), typeEmoji: list.map((t) => t.emoji).join('') });
  }
  return out;
}

function typeWords(gameData: GameData, types: readonly TypeRef[], lang: string, platform: string): { readonly typeName: string; readonly typeEmoji: string } {
  return {
    typeName: types.map((t) => gameData.typeName(t.id, lang)).join(', '),
    typeEmoji: types.map((t) => gameData.emoji(gameData.type(t.id).emojiKey, platform)).join(''),
  };
}

function evolutionsOf(gameData: GameData, start: PokemonInfo, lang: string, platform: string): { evolutions: EvolutionEntry[]; megaEvolutions: MegaEvolutionEntry[] } {
  const evolutions: EvolutionEntry[] = [];
  const megaEvolutions: MegaEvolutionEntry[] = [];
  const seen = new Set<string>();
  const walk = (info: PokemonInfo, depth: number): void => {
    if (depth >= MAX_DEPTH) return;
    for (const evolution of info.evolutions) {
      const key = `${evolution.id}:${evolution.form}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const next = gameData.pokemon(evolution.id, evolution.form);
      const name = gameData.pokemonName(next.id, lang);
      const nameEng = gameData.pokemonName(next.id);
      const formNormalised = shownForm(gameData, evolution.form, lang);
      const formNormalisedEng = shownForm(gameData, evolution.form);
      evolutions.push({
        id: next.id,
        form: evolution.form,
        name,
        nameEng,
        formName: evolution.form ? gameData.formName(evolution.form, lang) : '',
        formNameEng: evolution.form ? gameData.formName(evolution.form) : '',
        formNormalised,
        formNormalisedEng,
        fullName: joined(name, formNormalised),
        fullNameEng: joined(nameEng, formNormalisedEng),
        ...typeWords(gameData, next.types, lang, platform),
        baseStats: next.baseStats,
        evolutionRequirement: requirementText(gameData, evolution, lang),
      });
      walk(next, depth + 1);
    }
    for (const temp of info.tempEvolutions) {
      if (temp.unreleased) continue;
      const name = joined(gameData.pokemonName(info.id, lang), shownForm(gameData, info.form, lang));
      const nameEng = joined(gameData.pokemonName(info.id), shownForm(gameData, info.form));
      megaEvolutions.push({
        evolution: temp.id,
        fullName: `${gameData.tempEvolutionName(temp.id, lang)} ${name}`,
        fullNameEng: `${gameData.tempEvolutionName(temp.id)} ${nameEng}`,
        types: temp.types,
        ...typeWords(gameData, temp.types, lang, platform),
        baseStats: temp.baseStats,
      });
    }
  };
  walk(start, 0);
  return { evolutions, megaEvolutions };
}

function prevEvolutionsOf(gameData: GameData, previous: Derived['previous'], start: PokemonInfo, lang: string): PrevEvolutionEntry[] {
  const out: PrevEvolutionEntry[] = [];
  const seen = new Set<number>([start.id]);
  const walk = (id: number, form: number, depth: number): void => {
    if (depth >= MAX_DEPTH) return;
    for (const { from, requirement } of previous.get(`${id}:${form}`) ?? previous.get(`${id}:0`) ?? []) {
      if (seen.has(from.id)) continue;
      seen.add(from.id);
      const name = gameData.pokemonName(from.id, lang);
      const formName = shownForm(gameData, from.form, lang);
      out.push({ id: from.id, form: from.form, name, formName, fullName: joined(name, formName), evolutionRequirement: requirementText(gameData, requirement, lang) });
      walk(from.id, from.form, depth + 1);
    }
  };
  walk(start.id, start.form, 0);
  return out;
}

function build(gameData: GameData, d: Derived, pokemonId: number, form: number, lang: string, platform: string): SpeciesFacts {
  const info = gameData.pokemon(pokemonId, form);
  const weaknessList = weaknesses(gameData, d.matchups, info.types, lang, platform);
  const { evolutions, megaEvolutions } = evolutionsOf(gameData, info, lang, platform);
  const typeSet = new Set(info.types.map((t) => t.id));
  const boostingWeatherIds = WEATHER_IDS.filter((w) => gameData.weather(w).boostedTypes.some((t) => typeSet.has(t.id)));
  return {
    weaknessList,
    weaknessEmoji: weaknessList.map((c) => `${c.value}x${c.typeEmoji} `).join(''),
    evolutions,
    megaEvolutions,
    prevEvolutions: prevEvolutionsOf(gameData, d.previous, info, lang),
    hasEvolutions: info.evolutions.length > 0,
    hasMegaEvolutions: megaEvolutions.length > 0,
    boostingWeatherIds,
    boostingWeathersEmoji: boostingWeatherIds.map((w) => gameData.emoji(gameData.weather(w).emojiKey, platform)).join(''),
    typeNameEng: info.types.map((t) => t.name),
    typeEmojiList: info.types.map((t) => gameData.emoji(gameData.type(t.id).emojiKey, platform)),
  };
}

/** The facts of a species and form in a language for a platform (built once, then kept). */
export function speciesFacts(gameData: GameData, pokemonId: number, form: number, lang: string, platform: string): SpeciesFacts {
  const d = derived(gameData);
  const key = `${pokemonId}:${form}:${lang}:${platform}`;
  let facts = d.facts.get(key);
  if (!facts) {
    facts = build(gameData, d, pokemonId, form, lang, platform);
    if (d.facts.size >= CACHE_LIMIT) d.facts.clear();
    d.facts.set(key, facts);
  }
  return facts;
}

/**
 * The weathers that would change the species' boost: when it is boosted now (`weather` > 0 boosting it), every
 * weather that does not boost it; otherwise those that do.
 */
export function alteringWeathers(boostingWeatherIds: readonly number[], boostedNow: boolean): number[] {
  return boostedNow ? WEATHER_IDS.filter((w) => !boostingWeatherIds.includes(w)) : [...boostingWeatherIds];
}
