/**
 * `raid` and `egg` arguments → the rules to write, or what `remove` deletes, or a refusal. Pure: everything it
 * needs comes in the options. Grammar (chat-commands §5): boss names and `form:` (raid), `level<n>` /
 * `level<a>-<b>`, level words (`legendary`, `mega`, `shadow` …), `everything` (level 90 = every level),
 * `move:<name>` (raid), `gym:<id>`, team words, `ex`, `rsvp` / `rsvp only` / `no rsvp`, `clean`, `edit`,
 * `d:`/`area:`/`location:`, `template<N>`, `remove`, `id:<uid>`.
 */
import type { GameData } from '../../../core/gamedata/index.ts';
import {
  emptySpeciesRequest,
  prefixRawValue,
  prefixValue,
  readInteger,
  readPokemonTokens,
  readRange,
  readReachToken,
  readSelectorToken,
  refuse,
  resolveReach,
  speciesPicks,
  type Message,
  type Parsed,
  type ReachOptions,
  type ReachRequest,
  type SpeciesPick,
  type SpeciesRequest,
} from '../../../core/commands/tracking/index.ts';
import { ALL_LEVELS, LEVEL_WORDS, MAX_LEVEL } from '../levels.ts';
import { ANY, ANY_TEAM } from '../rule.ts';
import { resolveMove } from './moves.ts';

export type GymCommandKind = 'raid' | 'egg';

export interface GymParseOptions extends ReachOptions {
  readonly kind: GymCommandKind;
  readonly gameData: GameData;
  readonly language: string;
  /** the mentions to store with the rules */
  readonly ping: string;
}

/** A rule's columns, as written (without id, profile_no and uid). */
export type GymDraft = Readonly<Record<string, string | number | null>> & {
  readonly level: number;
  readonly distance: number;
  readonly override_areas: string | null;
  readonly override_location_label: string | null;
};

/** What `remove` deletes: rules of these bosses / levels, every rule, and rules by uid. */
export interface GymRemoval {
  readonly picks: readonly SpeciesPick[];
  readonly levels: readonly number[];
  readonly everything: boolean;
  readonly uids: readonly number[];
}

export type GymRequest =
  | { readonly kind: 'track'; readonly rules: readonly GymDraft[]; readonly notes: readonly Message[] }
  | { readonly kind: 'remove'; readonly removal: GymRemoval };

export const TEAM_WORDS: ReadonlyMap<string, number> = new Map([
  ['mystic', 1],
  ['blue', 1],
  ['valor', 2],
  ['red', 2],
  ['instinct', 3],
  ['yellow', 3],
  ['harmony', 0],
  ['gray', 0],
  ['grey', 0],
  ['uncontested', 0],
]);

const RSVP_WORDS: ReadonlyMap<string, number> = new Map([
  ['rsvp', 1],
  ['rsvp only', 2],
  ['no rsvp', 0],
]);

interface Gathered {
  readonly species: SpeciesRequest;
  readonly levels: number[];
  readonly reach: ReachRequest;
  readonly uids: number[];
  readonly unrecognized: string[];
  everything: boolean;
  remove: boolean;
  team: number;
  exclusive: boolean;
  move: number;
  gymId: string | null;
  rsvp: number;
  clean: number;
  template: string | null;
}

function addLevels(g: Gathered, levels: readonly number[]): void {
  for (const level of levels) if (!g.levels.includes(level)) g.levels.push(level);
}

function readLevelToken(token: string, g: Gathered): boolean {
  const value = prefixValue(token, 'level');
  if (value === null) return false;
  const range = readRange(value, readInteger);
  if (!range) return false;
  const max = range.max ?? range.min;
  if (range.min < 1 || max > MAX_LEVEL || max < range.min) return false;
  for (let level = range.min; level <= max; level++) addLevels(g, [level]);
  return true;
}

/** The flag and team words; false when the token is none. */
function readWord(token: string, g: Gathered): boolean {
  const team = TEAM_WORDS.get(token);
  if (team !== undefined) g.team = team;
  else if (token === 'clean') g.clean |= 1;
  else if (token === 'edit') g.clean |= 2;
  else if (token === 'remove') g.remove = true;
  else if (token === 'everything') g.everything = true;
  else if (token === 'ex') g.exclusive = true;
  else return false;
  return true;
}

/** Reads a keyword of one token; false when the token is none. */
function readKeyword(token: string, raw: string, g: Gathered, o: GymParseOptions): boolean {
  if (readWord(token, g)) return true;
  const uid = prefixValue(token, 'id', true);
  if (uid !== null) {
    const n = readInteger(uid);
    if (n === null) return false;
    g.uids.push(n);
    return true;
  }
  const template = prefixRawValue(token, raw, 'template');
  if (template !== null) {
    g.template = template;
    return true;
  }
  const gym = prefixRawValue(token, raw, 'gym', true);
  if (gym !== null) {
    g.gymId = gym.trim();
    return true;
  }
  const move = o.kind === 'raid' ? prefixValue(token, 'move', true) : null;
  if (move !== null) {
    const id = resolveMove(move, o.gameData, o.language);
    if (id === null) return false;
    g.move = id;
    return true;
  }
  return readLevelToken(token, g) || readReachToken(token, raw, g.reach);
}

/** Reads a phrase of one or two tokens (`shadow legendary`, `rsvp only`); how many tokens it used. */
function readPhrase(args: readonly string[], i: number, g: Gathered): number {
  for (const count of [2, 1]) {
    if (i + count > args.length) continue;
    const phrase = args.slice(i, i + count).join(' ');
    const levels = LEVEL_WORDS.get(phrase);
    if (levels) {
      addLevels(g, levels);
      return count;
    }
    const rsvp = RSVP_WORDS.get(phrase);
    if (rsvp !== undefined) {
      g.rsvp = rsvp;
      return count;
    }
  }
  return 0;
}

function gather(args: readonly string[], rawArgs: readonly string[], o: GymParseOptions): Gathered {
  const g: Gathered = {
    species: emptySpeciesRequest(),
    levels: [],
    reach: {},
    uids: [],
    unrecognized: [],
    everything: false,
    remove: false,
    team: ANY_TEAM,
    exclusive: false,
    move: ANY,
    gymId: null,
    rsvp: 0,
    clean: 0,
    template: null,
  };
  for (let i = 0; i < args.length; ) {
    const token = args[i] ?? '';
    const phrase = readPhrase(args, i, g);
    if (phrase > 0) {
      i += phrase;
      continue;
    }
    if (readKeyword(token, rawArgs[i] ?? token, g, o)) {
      i++;
      continue;
    }
    // raid: type names and gen<N> are accepted and unused; form:<name> narrows the bosses
    if (o.kind === 'raid' && readSelectorToken(token, g.species, o.gameData)) {
      i++;
      continue;
    }
    const used = o.kind === 'raid' ? readPokemonTokens(args, i, g.species, o.gameData, o.language) : 0;
    if (used === 0) g.unrecognized.push(rawArgs[i] ?? token);
    i += Math.max(used, 1);
  }
  return g;
}

function bossPicks(g: Gathered, gameData: GameData): Parsed<readonly SpeciesPick[]> {
  if (g.species.ids.length === 0) return { ok: true, value: [] };
  const named = { ...emptySpeciesRequest(), ids: g.species.ids, forms: g.species.forms };
  return speciesPicks(named, 'wildcard', gameData);
}

function noTarget(kind: GymCommandKind): Parsed<never> {
  return kind === 'raid' ? refuse('No raid levels or pokemon specified') : refuse('No egg levels specified');
}

export function parseGymCommand(args: readonly string[], rawArgs: readonly string[], o: GymParseOptions): Parsed<GymRequest> {
  const g = gather(args, rawArgs, o);
  if (g.unrecognized.length > 0) return refuse('Unrecognized: {tokens}', { tokens: g.unrecognized.join(', ') });
  const picks = bossPicks(g, o.gameData);
  if (!picks.ok) return picks;
  const levels = g.everything ? [ALL_LEVELS] : g.levels;
  if (g.remove) {
    if (picks.value.length === 0 && levels.length === 0 && g.uids.length === 0) return noTarget(o.kind);
    return { ok: true, value: { kind: 'remove', removal: { picks: picks.value, levels: g.levels, everything: g.everything, uids: g.uids } } };
  }
  if (picks.value.length === 0 && levels.length === 0) return noTarget(o.kind);
  const reach = resolveReach(g.reach, o);
  if (!reach.ok) return reach;
  const r = reach.value;
  const common = {
    team: g.team,
    exclusive: g.exclusive ? 1 : 0,
    gym_id: g.gymId,
    rsvp_changes: g.rsvp,
    distance: r.distance,
    override_areas: r.override_areas,
    override_location_label: r.override_location_label,
    template: g.template,
    clean: g.clean,
    ping: o.ping,
  };
  const raidColumns = (pokemonId: number, form: number, level: number) => ({ pokemon_id: pokemonId, form, level, move: g.move, evolution: ANY, costume: ANY, ...common });
  const rules: GymDraft[] =
    o.kind === 'raid'
      ? [...picks.value.map((p) => raidColumns(p.pokemonId, p.form, ANY)), ...levels.map((level) => raidColumns(ANY, 0, level))]
      : levels.map((level) => ({ level, ...common }));
  return { ok: true, value: { kind: 'track', rules, notes: r.note ? [r.note] : [] } };
}

