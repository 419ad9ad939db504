/**
 * Which pokemon a `track` / `untrack` command means: names, dex numbers and aliases (multi-word names joined
 * from adjacent tokens, `name+` adding every evolution), type names, `gen<N>`, `form:<name>`, `everything`
 * and `individually` — and the (pokemon, form) pairs they select.
 */
import { normalizeName, type GameData } from '../../gamedata/index.ts';
import { refuse, type Parsed } from './message.ts';
import { prefixValue, readInteger } from './prefix-args.ts';

/** What the species tokens of one command asked for. */
export interface SpeciesRequest {
  /** named pokemon (evolutions already added), in the order typed */
  readonly ids: number[];
  readonly types: number[];
  readonly gens: number[];
  readonly forms: string[];
  everything: boolean;
  individually: boolean;
}

export function emptySpeciesRequest(): SpeciesRequest {
  return { ids: [], types: [], gens: [], forms: [], everything: false, individually: false };
}

/** One rule's species: pokemon_id 0 = every species; form 0 = any form. */
export interface SpeciesPick {
  readonly pokemonId: number;
  readonly form: number;
}

/** Longest run of adjacent tokens tried as one pokemon name (`mr mime`, `mr mime jr`). */
const MAX_NAME_TOKENS = 3;

function addUnique(list: number[], values: Iterable<number>): void {
  for (const v of values) if (!list.includes(v)) list.push(v);
}

/** The pokemon and every evolution reachable from it (by the masterfile's evolution lists). */
export function withEvolutions(id: number, gameData: GameData): number[] {
  const seen: number[] = [];
  const queue = [id];
  while (queue.length > 0) {
    const next = queue.shift() as number;
    if (seen.includes(next)) continue;
    seen.push(next);
    for (const evolution of gameData.pokemon(next).evolutions) queue.push(evolution.id);
  }
  return seen;
}

/** Dex ids for a name / number / alias; unknown dex numbers are dropped when a masterfile is loaded. */
function resolveName(text: string, gameData: GameData, language: string): readonly number[] {
  const ids = gameData.resolvePokemon(text, language);
  if (!gameData.sources.masterfile) return ids;
  return ids.filter((id) => gameData.pokemon(id).known);
}

/**
 * Reads a pokemon name starting at `tokens[index]`, trying the longest run of adjacent tokens first.
 * Returns how many tokens it used (0 when none names a pokemon).
 */
export function readPokemonTokens(tokens: readonly string[], index: number, request: SpeciesRequest, gameData: GameData, language: string): number {
  const longest = Math.min(MAX_NAME_TOKENS, tokens.length - index);
  for (let count = longest; count >= 1; count--) {
    const text = tokens.slice(index, index + count).join(' ');
    const evolutions = text.endsWith('+');
    const name = evolutions ? text.slice(0, -1) : text;
    if (name.trim() === '') continue;
    const ids = resolveName(name, gameData, language);
    if (ids.length === 0) continue;
    for (const id of ids) addUnique(request.ids, evolutions ? withEvolutions(id, gameData) : [id]);
    return count;
  }
  return 0;
}

/**
 * Reads a non-name species token (`everything`, `individually`, a type name, `gen<N>`, `form:<name>`) into
 * `request`; false when the token is none of these.
 */
export function readSelectorToken(token: string, request: SpeciesRequest, gameData: GameData): boolean {
  if (token === 'everything' || token === 'individually') {
    request[token] = true;
    return true;
  }
  const type = gameData.typeByName(token);
  if (type && type.id > 0) {
    addUnique(request.types, [type.id]);
    return true;
  }
  const gen = prefixValue(token, 'gen');
  if (gen !== null) {
    const n = readInteger(gen);
    if (n === null || gameData.generation(n).id === 0) return false;
    addUnique(request.gens, [n]);
    return true;
  }
  const form = prefixValue(token, 'form', true);
  if (form !== null) {
    if (!request.forms.includes(form)) request.forms.push(form);
    return true;
  }
  return false;
}

/** True when the request names anything at all. */
export function hasSpecies(request: SpeciesRequest): boolean {
  return request.everything || request.ids.length > 0 || request.types.length > 0 || request.gens.length > 0;
}

/**
 * The species ids selected: named pokemon plus every pokemon of the named types; for `everything` (or a
 * generation alone) every known species, narrowed to the named types. Generations narrow both.
 */
export function selectedSpecies(request: SpeciesRequest, gameData: GameData): number[] {
  const all = gameData.allPokemon();
  const ofTypes = all.filter((p) => p.types.some((t) => request.types.includes(t.id))).map((p) => p.id);
  let ids: number[] = [];
  if (request.everything || (request.ids.length === 0 && request.types.length === 0)) {
    ids = request.types.length > 0 ? ofTypes : all.map((p) => p.id);
  } else {
    addUnique(ids, request.ids);
    addUnique(ids, ofTypes);
  }
  if (request.gens.length > 0) ids = ids.filter((id) => request.gens.includes(gameData.pokemon(id).generation.id));
  return ids;
}

/** Every (species, form) pair for the requested form names; a form name no selected species has is refused. */
function pickForms(ids: readonly number[], forms: readonly string[], gameData: GameData): Parsed<SpeciesPick[]> {
  const picks: SpeciesPick[] = [];
  for (const wanted of forms) {
    const key = normalizeName(wanted);
    let found = false;
    for (const id of ids) {
      const form = gameData.forms(id).find((f) => f.form !== 0 && normalizeName(f.formName) === key);
      if (!form) continue;
      found = true;
      picks.push({ pokemonId: id, form: form.form });
    }
    if (!found) return refuse('Form `{form}` not recognised for these pokemon', { form: wanted });
  }
  return { ok: true, value: picks };
}

/** How `everything` is recorded: one pokemon_id 0 rule, or one rule per species. */
export type EverythingMode = 'wildcard' | 'individual';

/** The species picks of a `track` request (`everything` already allowed by the caller). */
/**
 * Reads a command's arguments in order: a token is offered to `keyword` first (it takes one token), else read as
 * a pokemon name (it may take several: `mr mime`); the tokens neither takes are returned as typed.
 */
export function readSpeciesArgs(
  args: readonly string[],
  rawArgs: readonly string[],
  species: SpeciesRequest,
  keyword: (token: string, raw: string) => boolean,
  gameData: GameData,
  language: string,
): string[] {
  const unrecognized: string[] = [];
  for (let i = 0; i < args.length; ) {
    const token = args[i] ?? '';
    const raw = rawArgs[i] ?? token;
    if (keyword(token, raw)) {
      i++;
      continue;
    }
    const used = readPokemonTokens(args, i, species, gameData, language);
    if (used === 0) unrecognized.push(raw);
    i += Math.max(used, 1);
  }
  return unrecognized;
}

export function speciesPicks(request: SpeciesRequest, everythingMode: EverythingMode, gameData: GameData): Parsed<SpeciesPick[]> {
  const narrowed = request.types.length > 0 || request.gens.length > 0 || request.forms.length > 0;
  if (request.everything && everythingMode === 'wildcard' && !narrowed) return { ok: true, value: [{ pokemonId: 0, form: 0 }] };
  const ids = selectedSpecies(request, gameData);
  if (request.forms.length > 0) return pickForms(ids, request.forms, gameData);
  return { ok: true, value: ids.map((pokemonId) => ({ pokemonId, form: 0 })) };
}
