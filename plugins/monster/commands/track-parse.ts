/**
 * `track` arguments → the `monsters` rules to write (one per species/form × PVP league), or a refusal with
 * the reason; `remove` among them hands the rest to `untrack`. Pure: everything it needs comes in the options.
 */
import type { EverythingFlagPermission, TrackingConfig } from '../../../core/config/index.ts';
import type { PvpConfig } from '../config.ts';
import type { GameData } from '../../../core/gamedata/index.ts';
import { FILTER_DEFAULTS, type FilterValues, type MonsterDraft } from './columns.ts';
import { readFilterToken } from './filter-args.ts';
import { message, refuse, type Message, type Parsed } from '../../../core/commands/tracking/index.ts';
import { prefixRawValue } from '../../../core/commands/tracking/index.ts';
import { leagueColumns, mergeLeague, readCapToken, readPvpToken, validCap, type League, type LeagueRequest } from './pvp-args.ts';
import { readReachToken, resolveReach, type ReachColumns, type ReachRequest } from '../../../core/commands/tracking/index.ts';
import { emptySpeciesRequest, hasSpecies, readSpeciesArgs, readSelectorToken, speciesPicks, type EverythingMode, type SpeciesRequest } from '../../../core/commands/tracking/index.ts';

export interface TrackParseOptions {
  readonly gameData: GameData;
  readonly language: string;
  readonly isAdmin: boolean;
  readonly tracking: Pick<TrackingConfig, 'everything_flag_permissions' | 'default_distance' | 'max_distance' | 'default_user_tracking_level_cap'>;
  readonly pvp: Pick<PvpConfig, 'level_caps' | 'filter_max_rank' | 'filter_great_min_cp' | 'filter_ultra_min_cp' | 'filter_little_min_cp'>;
  /** lower-cased names of the loaded fences */
  readonly areaNames: ReadonlySet<string>;
  /** the target's saved location labels */
  readonly locationLabels: readonly string[];
  /** the mentions to store with the rules (the framework's, when it collects them) */
  readonly ping: string;
}

export type TrackRequest =
  | { readonly kind: 'track'; readonly rules: readonly MonsterDraft[]; readonly notes: readonly Message[] }
  /** `remove` was given: the other arguments, for `untrack` */
  | { readonly kind: 'remove'; readonly args: readonly string[]; readonly rawArgs: readonly string[] };

/** Everything the tokens asked for, gathered in one pass. */
interface Gathered {
  readonly species: SpeciesRequest;
  readonly filters: Partial<FilterValues>;
  readonly leagues: Map<League, LeagueRequest>;
  readonly reach: ReachRequest;
  readonly mentions: string[];
  readonly unrecognized: string[];
  cap: number | null;
  template: string | null;
  clean: boolean;
  /** a cp/level/stat/weight/size filter was given */
  encounter: boolean;
}

const MENTION = /^<@[!&]?\d+>$/;
/** accepted and not stored */
const IGNORED = new Set(['shiny']);

/** Reads one token that is not a pokemon name into `g`; false when it is none of the keywords. */
function readKeyword(token: string, raw: string, g: Gathered, options: TrackParseOptions): boolean {
  if (IGNORED.has(token)) return true;
  if (token === 'clean') {
    g.clean = true;
    return true;
  }
  if (MENTION.test(token)) {
    g.mentions.push(raw);
    return true;
  }
  const template = prefixRawValue(token, raw, 'template');
  if (template !== null) {
    g.template = template;
    return true;
  }
  const pvp = readPvpToken(token);
  if (pvp) {
    g.leagues.set(pvp.league, mergeLeague(g.leagues.get(pvp.league), pvp.request));
    return true;
  }
  const cap = readCapToken(token);
  if (cap !== null) {
    g.cap = cap;
    return true;
  }
  const filter = readFilterToken(token);
  if (filter) {
    Object.assign(g.filters, filter.set);
    g.encounter ||= filter.encounter;
    return true;
  }
  return readReachToken(token, raw, g.reach) || readSelectorToken(token, g.species, options.gameData);
}

function gather(args: readonly string[], rawArgs: readonly string[], options: TrackParseOptions): Gathered {
  const g: Gathered = {
    species: emptySpeciesRequest(),
    filters: {},
    leagues: new Map(),
    reach: {},
    mentions: [],
    unrecognized: [],
    cap: null,
    template: null,
    clean: false,
    encounter: false,
  };
  g.unrecognized.push(...readSpeciesArgs(args, rawArgs, g.species, (token, raw) => readKeyword(token, raw, g, options), options.gameData, options.language));
  return g;
}

/** Whether anything narrows `everything` down: a filter, PVP, a type, gen or form, a distance or an area. */
function narrowed(g: Gathered): boolean {
  const { species, reach } = g;
  return (
    Object.keys(g.filters).length > 0 ||
    g.leagues.size > 0 ||
    species.types.length + species.gens.length + species.forms.length > 0 ||
    (reach.distance ?? 0) > 0 ||
    reach.areas !== undefined
  );
}

function everythingMode(permission: EverythingFlagPermission, individually: boolean): EverythingMode {
  if (permission === 'allow-and-always-individually') return 'individual';
  if (permission === 'allow-and-ignore-individually') return 'wildcard';
  return individually ? 'individual' : 'wildcard';
}

/** Refuses `everything` where the [tracking] permission or the missing filters forbid it (admins may). */
function everythingRefusal(g: Gathered, options: TrackParseOptions): Message | null {
  if (!g.species.everything || options.isAdmin) return null;
  if (options.tracking.everything_flag_permissions === 'deny') return message('Tracking everything is not allowed here: name the pokemon you want to track');
  if (!narrowed(g)) return message('This would result in too many alerts. Add a filter (for example iv90, d500 or great5) or name the pokemon you want');
  return null;
}

/** The PVP columns of each rule variant: one per league asked for, or the no-PVP defaults. */
function leagueVariants(g: Gathered, options: TrackParseOptions): Partial<FilterValues>[] {
  if (g.leagues.size === 0) return [{}];
  const cap = g.cap ?? options.tracking.default_user_tracking_level_cap;
  return [...g.leagues].map(([league, request]) => leagueColumns(league, request, cap, options.pvp));
}

function baseColumns(g: Gathered): FilterValues {
  const filters: FilterValues = { ...FILTER_DEFAULTS, ...g.filters };
  const ivGiven = g.filters.min_iv !== undefined;
  if (!ivGiven && (g.encounter || g.leagues.size > 0)) filters.min_iv = 0;
  return filters;
}

function buildRules(g: Gathered, reach: ReachColumns, picks: readonly { pokemonId: number; form: number }[], options: TrackParseOptions): MonsterDraft[] {
  const filters = baseColumns(g);
  const ping = [options.ping, ...g.mentions].filter((p) => p !== '').join(' ');
  const rules: MonsterDraft[] = [];
  for (const pick of picks) {
    for (const pvp of leagueVariants(g, options)) {
      rules.push({
        ...filters,
        ...pvp,
        pokemon_id: pick.pokemonId,
        form: pick.form,
        distance: reach.distance,
        override_areas: reach.override_areas,
        override_location_label: reach.override_location_label,
        template: g.template,
        clean: g.clean ? 1 : 0,
        ping,
      });
    }
  }
  return rules;
}

export function parseTrack(args: readonly string[], rawArgs: readonly string[], options: TrackParseOptions): Parsed<TrackRequest> {
  const removeAt = args.indexOf('remove');
  if (removeAt >= 0) {
    const keep = (_: string, i: number): boolean => args[i] !== 'remove';
    return { ok: true, value: { kind: 'remove', args: args.filter(keep), rawArgs: rawArgs.filter(keep) } };
  }
  const g = gather(args, rawArgs, options);
  if (g.unrecognized.length > 0) return refuse('Unrecognized: {tokens}', { tokens: g.unrecognized.join(', ') });
  if (g.cap !== null && !validCap(g.cap, options.pvp)) {
    return refuse('This level cap is not supported, valid choices are: {caps}', { caps: [0, ...options.pvp.level_caps].join(', ') });
  }
  const reach = resolveReach(g.reach, { limits: options.tracking, areaNames: options.areaNames, locationLabels: options.locationLabels });
  if (!reach.ok) return reach;
  if (!hasSpecies(g.species)) return refuse('No pokemon specified');
  const refusal = everythingRefusal(g, options);
  if (refusal) return { ok: false, error: refusal };
  const picks = speciesPicks(g.species, everythingMode(options.tracking.everything_flag_permissions, g.species.individually), options.gameData);
  if (!picks.ok) return picks;
  if (picks.value.length === 0) return refuse('No pokemon specified');
  const notes = reach.value.note ? [reach.value.note] : [];
  return { ok: true, value: { kind: 'track', rules: buildRules(g, reach.value, picks.value, options), notes } };
}
