/**
 * `untrack` arguments (pokemon names/ids, type names, `gen<N>`, `form:<name>`, `everything`, `id:<uid>`) → what
 * to remove, and the choice of a human's `monsters` rows that it means. Pure.
 */
import type { TrackingRow } from '../../../core/model.ts';
import { normalizeName, type GameData } from '../../../core/gamedata/index.ts';
import { intColumn } from '../../../core/match/index.ts';
import { readFilterToken } from './filter-args.ts';
import { refuse, type Parsed } from '../../../core/commands/tracking/index.ts';
import { prefixValue, readInteger } from '../../../core/commands/tracking/index.ts';
import { readCapToken, readPvpToken } from './pvp-args.ts';
import { readReachToken } from '../../../core/commands/tracking/index.ts';
import { emptySpeciesRequest, hasSpecies, readPokemonTokens, readSelectorToken, selectedSpecies, type SpeciesRequest } from '../../../core/commands/tracking/index.ts';

export interface UntrackRequest {
  readonly species: SpeciesRequest;
  /** `id:<uid>` given, in order */
  readonly uids: readonly number[];
}

export interface UntrackParseOptions {
  readonly gameData: GameData;
  readonly language: string;
  /** `track … remove`: the rule filters of `track` (iv90, d500, clean…) are accepted and ignored */
  readonly ignoreTrackKeywords?: boolean;
}

/** A `track` keyword that does not select pokemon (ignored in `track … remove`). */
function isTrackKeyword(token: string): boolean {
  if (['clean', 'shiny', 'individually'].includes(token) || token.startsWith('<@')) return true;
  if (prefixValue(token, 'template') !== null) return true;
  return readPvpToken(token) !== null || readCapToken(token) !== null || readFilterToken(token) !== null || readReachToken(token, token, {});
}

function readUid(token: string): number | null {
  const value = prefixValue(token, 'id', true);
  return value === null ? null : readInteger(value);
}

export function parseUntrack(args: readonly string[], rawArgs: readonly string[], options: UntrackParseOptions): Parsed<UntrackRequest> {
  const species = emptySpeciesRequest();
  const uids: number[] = [];
  const unrecognized: string[] = [];
  for (let i = 0; i < args.length; ) {
    const token = args[i] ?? '';
    const uid = readUid(token);
    if (uid !== null) uids.push(uid);
    if (uid !== null || readSelectorToken(token, species, options.gameData) || (options.ignoreTrackKeywords && isTrackKeyword(token))) {
      i++;
      continue;
    }
    const used = readPokemonTokens(args, i, species, options.gameData, options.language);
    if (used === 0) unrecognized.push(rawArgs[i] ?? token);
    i += Math.max(used, 1);
  }
  if (unrecognized.length > 0) return refuse('Unrecognized: {tokens}', { tokens: unrecognized.join(', ') });
  if (!hasSpecies(species) && uids.length === 0) return refuse('No pokemon specified');
  return { ok: true, value: { species, uids } };
}

/** The rows a request removes: by uid, and by species (every row for `everything`), narrowed to the forms named. */
export function rowsToRemove(request: UntrackRequest, rows: readonly TrackingRow[], gameData: GameData): TrackingRow[] {
  const { species } = request;
  const byUid = rows.filter((r) => request.uids.includes(r.uid));
  if (!hasSpecies(species)) return byUid;
  const ids = new Set(species.everything ? [] : selectedSpecies(species, gameData));
  const forms = new Set(species.forms.map(normalizeName));
  const bySpecies = rows.filter((row) => {
    if (!species.everything && !ids.has(intColumn(row, 'pokemon_id', 0))) return false;
    return forms.size === 0 || forms.has(normalizeName(gameData.formName(intColumn(row, 'form', 0))));
  });
  return rows.filter((r) => byUid.includes(r) || bySpecies.includes(r));
}

/** The `id:<uid>` values no row of the target has. */
export function missingUids(request: UntrackRequest, rows: readonly TrackingRow[]): number[] {
  return request.uids.filter((uid) => !rows.some((r) => r.uid === uid));
}
