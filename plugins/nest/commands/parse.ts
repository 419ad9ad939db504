/**
 * `nest` arguments → the `nests` rules to write (one per species/form), or what `remove` deletes, or a refusal
 * with the reason. Pure: everything it needs comes in the options.
 * Grammar: pokemon names / ids / `name+`, type names, `gen<N>`, `form:<name>`, `everything`, `minspawn<n>`,
 * `d<m>`, `area:<names>`, `location:<label>`, `template<id>`, `clean`, `remove`, `id:<uid>`.
 */
import type { TrackingParseContext } from '../../../core/commands/tracking/keyed-rules.ts';
import type { GameData } from '../../../core/gamedata/index.ts';
import {
  emptySpeciesRequest,
  hasSpecies,
  prefixRawValue,
  prefixValue,
  readInteger,
  readSpeciesArgs,
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
import type { NestDraft } from './draft.ts';

/** the shared parse context of tracking commands */
export type NestParseOptions = TrackingParseContext;

export type NestRequest =
  | { readonly kind: 'track'; readonly rules: readonly NestDraft[]; readonly notes: readonly Message[] }
  | {
      readonly kind: 'remove';
      /** every rule (`everything`) */
      readonly all: boolean;
      /** species (and forms) whose rules go; form 0 = every form */
      readonly picks: readonly SpeciesPick[];
      readonly uids: readonly number[];
    };

interface Gathered {
  readonly species: SpeciesRequest;
  readonly reach: ReachRequest;
  readonly unrecognized: string[];
  readonly uids: number[];
  minSpawn: number;
  template: string | null;
  clean: boolean;
  remove: boolean;
}

function readKeyword(token: string, raw: string, g: Gathered, gameData: GameData): boolean {
  if (token === 'remove') return (g.remove = true);
  if (token === 'clean') return (g.clean = true);
  const uid = prefixValue(token, 'id', true);
  if (uid !== null) {
    const n = readInteger(uid);
    if (n === null || n <= 0) return false;
    g.uids.push(n);
    return true;
  }
  const minSpawn = prefixValue(token, 'minspawn');
  if (minSpawn !== null) {
    const n = readInteger(minSpawn);
    if (n === null || n < 0) return false;
    g.minSpawn = n;
    return true;
  }
  const template = prefixRawValue(token, raw, 'template');
  if (template !== null && template !== '') {
    g.template = template;
    return true;
  }
  return readReachToken(token, raw, g.reach) || readSelectorToken(token, g.species, gameData);
}

function gather(args: readonly string[], rawArgs: readonly string[], options: NestParseOptions): Gathered {
  const g: Gathered = { species: emptySpeciesRequest(), reach: {}, unrecognized: [], uids: [], minSpawn: 0, template: null, clean: false, remove: false };
  g.unrecognized.push(...readSpeciesArgs(args, rawArgs, g.species, (token, raw) => readKeyword(token, raw, g, options.gameData), options.gameData, options.language));
  return g;
}

function removeRequest(g: Gathered, gameData: GameData): Parsed<NestRequest> {
  if (!hasSpecies(g.species) && g.uids.length === 0) return refuse('No pokemon specified');
  const all = g.species.everything && g.species.types.length + g.species.gens.length + g.species.forms.length === 0;
  if (all || !hasSpecies(g.species)) return { ok: true, value: { kind: 'remove', all, picks: [], uids: g.uids } };
  const picks = speciesPicks(g.species, 'individual', gameData);
  if (!picks.ok) return picks;
  return { ok: true, value: { kind: 'remove', all: false, picks: picks.value, uids: g.uids } };
}

export function parseNestCommand(args: readonly string[], rawArgs: readonly string[], options: NestParseOptions): Parsed<NestRequest> {
  const g = gather(args, rawArgs, options);
  if (g.unrecognized.length > 0) return refuse('Unrecognized: {tokens}', { tokens: g.unrecognized.join(', ') });
  if (g.remove || (g.uids.length > 0 && !hasSpecies(g.species))) return removeRequest(g, options.gameData);
  const reach = resolveReach(g.reach, { limits: options.tracking, areaNames: options.areaNames, locationLabels: options.locationLabels });
  if (!reach.ok) return reach;
  if (!hasSpecies(g.species)) return refuse('No pokemon specified');
  const picks = speciesPicks(g.species, 'wildcard', options.gameData);
  if (!picks.ok) return picks;
  if (picks.value.length === 0) return refuse('No pokemon specified');
  const rules = picks.value.map(
    (pick): NestDraft => ({
      pokemon_id: pick.pokemonId,
      form: pick.form,
      min_spawn_avg: g.minSpawn,
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
