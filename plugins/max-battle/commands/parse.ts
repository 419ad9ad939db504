/**
 * `maxbattle` arguments → the `maxbattle` rules to write, or what `remove` deletes, or a refusal with the
 * reason. Pure: everything it needs comes in the options.
 * Grammar: pokemon names / ids / `name+` (with `form:<name>`; rule level 90), `level<n>` / `level<a>-<b>` (one
 * rule per level, pokemon_id 9000), `everything` (every level), `gmax`, `move:<name>`, `station:<id>`, `d<m>`,
 * `area:<names>`, `location:<label>`, `template<id>`, `clean`, `remove`, `id:<uid>`. Type names and `gen<N>`
 * are accepted and ignored, as before.
 */
import type { TrackingParseContext } from '../../../core/commands/tracking/keyed-rules.ts';
import type { GameData } from '../../../core/gamedata/index.ts';
import {
  emptySpeciesRequest,
  prefixRawValue,
  prefixValue,
  readInteger,
  readSpeciesArgs,
  readRange,
  readReachToken,
  readSelectorToken,
  refuse,
  resolveReach,
  speciesPicks,
  type Message,
  type Parsed,
  type ReachRequest,
  type SpeciesPick,
  type SpeciesRequest,
} from '../../../core/commands/tracking/index.ts';
import { ALL_LEVELS, ANY } from '../rule.ts';
import type { MaxBattleDraft } from './draft.ts';
import { findMove } from './moves.ts';

/** Battle levels users may track (Dynamax 1–6, Gigantamax above). */
const LEVELS = { min: 1, max: 8 };

/** the shared parse context of tracking commands */
export type MaxBattleParseOptions = TrackingParseContext;

export type MaxBattleRemoval = {
  readonly kind: 'remove';
  /** every rule (`everything`) */
  readonly all: boolean;
  /** bosses (and forms; form 0 = every form) whose rules go */
  readonly picks: readonly SpeciesPick[];
  /** by-level rules of these levels go */
  readonly levels: readonly number[];
  readonly uids: readonly number[];
};

export type MaxBattleRequest = { readonly kind: 'track'; readonly rules: readonly MaxBattleDraft[]; readonly notes: readonly Message[] } | MaxBattleRemoval;

interface Gathered {
  readonly species: SpeciesRequest;
  readonly reach: ReachRequest;
  readonly unrecognized: string[];
  readonly uids: number[];
  readonly levels: number[];
  move: number;
  station: string | null;
  gmax: boolean;
  template: string;
  clean: boolean;
  remove: boolean;
}

function readLevels(token: string, g: Gathered): boolean {
  const value = prefixValue(token, 'level');
  if (value === null) return false;
  const range = readRange(value, readInteger);
  if (!range) return false;
  const max = range.max ?? range.min;
  if (range.min < LEVELS.min || max > LEVELS.max || max < range.min) return false;
  for (let level = range.min; level <= max; level++) if (!g.levels.includes(level)) g.levels.push(level);
  return true;
}

function readKeyword(token: string, raw: string, g: Gathered, options: MaxBattleParseOptions): boolean {
  if (token === 'remove') return (g.remove = true);
  if (token === 'clean') return (g.clean = true);
  if (token === 'gmax') return (g.gmax = true);
  const uid = prefixValue(token, 'id', true);
  if (uid !== null) {
    const n = readInteger(uid);
    if (n === null || n <= 0) return false;
    g.uids.push(n);
    return true;
  }
  if (readLevels(token, g)) return true;
  const move = prefixValue(token, 'move', true);
  if (move !== null) {
    const id = findMove(move, options.gameData, options.language);
    if (id === null) return false;
    g.move = id;
    return true;
  }
  const station = prefixRawValue(token, raw, 'station', true);
  if (station !== null) {
    g.station = station;
    return true;
  }
  const template = prefixRawValue(token, raw, 'template');
  if (template !== null) {
    g.template = template;
    return true;
  }
  return readReachToken(token, raw, g.reach) || readSelectorToken(token, g.species, options.gameData);
}

function gather(args: readonly string[], rawArgs: readonly string[], options: MaxBattleParseOptions): Gathered {
  const g: Gathered = {
    species: emptySpeciesRequest(),
    reach: {},
    unrecognized: [],
    uids: [],
    levels: [],
    move: ANY,
    station: null,
    gmax: false,
    template: '',
    clean: false,
    remove: false,
  };
  g.unrecognized.push(...readSpeciesArgs(args, rawArgs, g.species, (token, raw) => readKeyword(token, raw, g, options), options.gameData, options.language));
  return g;
}

/** The named bosses (type names and generations narrow nothing here: they are accepted and ignored). */
function bossPicks(g: Gathered, gameData: GameData): Parsed<SpeciesPick[]> {
  if (g.species.ids.length === 0) return { ok: true, value: [] };
  return speciesPicks({ ...g.species, types: [], gens: [], everything: false }, 'individual', gameData);
}

function removal(g: Gathered, gameData: GameData): Parsed<MaxBattleRequest> {
  const picks = bossPicks(g, gameData);
  if (!picks.ok) return picks;
  const all = g.species.everything;
  if (!all && picks.value.length === 0 && g.levels.length === 0 && g.uids.length === 0) return refuse('No levels or pokemon specified');
  return { ok: true, value: { kind: 'remove', all, picks: picks.value, levels: g.levels, uids: g.uids } };
}

export function parseMaxBattleCommand(args: readonly string[], rawArgs: readonly string[], options: MaxBattleParseOptions): Parsed<MaxBattleRequest> {
  const g = gather(args, rawArgs, options);
  if (g.unrecognized.length > 0) return refuse('Unrecognized: {tokens}', { tokens: g.unrecognized.join(', ') });
  const named = g.species.ids.length > 0 || g.species.everything || g.levels.length > 0;
  if (g.remove || (g.uids.length > 0 && !named)) return removal(g, options.gameData);
  const reach = resolveReach(g.reach, { limits: options.tracking, areaNames: options.areaNames, locationLabels: options.locationLabels });
  if (!reach.ok) return reach;
  const picks = bossPicks(g, options.gameData);
  if (!picks.ok) return picks;
  const targets = [
    ...picks.value.map((p) => ({ pokemon_id: p.pokemonId, form: p.form, level: ALL_LEVELS })),
    ...(g.species.everything ? [ALL_LEVELS] : g.levels).map((level) => ({ pokemon_id: ANY, form: 0, level })),
  ];
  if (targets.length === 0) return refuse('No levels or pokemon specified');
  const rules = targets.map(
    (t): MaxBattleDraft => ({
      ...t,
      gmax: g.gmax ? 1 : 0,
      move: g.move,
      evolution: ANY,
      station_id: g.station,
      distance: reach.value.distance,
      template: g.template,
      clean: g.clean ? 1 : 0,
      ping: options.ping,
      override_location_label: reach.value.override_location_label,
      override_areas: reach.value.override_areas,
    }),
  );
  return { ok: true, value: { kind: 'track', rules, notes: reach.value.note ? [reach.value.note] : [] } };
}
