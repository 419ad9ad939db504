/**
 * PVP arguments of `track`: `great<worst>`, `great<best>-<worst>`, `greathigh<best>`, `greatcp<mincp>` (the
 * same for `ultra` and `little`) and `cap<level>`, and the rule columns they become under the [pvp] limits.
 */
import type { FilterValues } from './columns.ts';
import { prefixValue, readInteger, readRange } from '../../../core/commands/tracking/index.ts';

export type League = 'great' | 'ultra' | 'little';

export const LEAGUE_CP: Readonly<Record<League, number>> = { great: 1500, ultra: 2500, little: 500 };

const LEAGUES: readonly League[] = ['great', 'ultra', 'little'];

/** What the user asked of one league; unset parts take their defaults when the rule is built. */
export interface LeagueRequest {
  readonly best?: number;
  readonly worst?: number;
  readonly minCp?: number;
}

export interface PvpToken {
  readonly league: League;
  readonly request: LeagueRequest;
}

/** The [pvp] settings that bound a tracked rank. */
export interface PvpLimits {
  readonly filter_max_rank: number;
  readonly filter_great_min_cp: number;
  readonly filter_ultra_min_cp: number;
  readonly filter_little_min_cp: number;
  readonly level_caps: readonly number[];
}

/** A PVP league token → its league and what it asks; null when the token is none. */
export function readPvpToken(token: string): PvpToken | null {
  for (const league of LEAGUES) {
    const high = prefixValue(token, `${league}high`);
    if (high !== null) {
      const best = readInteger(high);
      if (best !== null) return { league, request: { best } };
    }
    const cp = prefixValue(token, `${league}cp`);
    if (cp !== null) {
      const minCp = readInteger(cp);
      if (minCp !== null) return { league, request: { minCp } };
    }
    const ranks = prefixValue(token, league);
    if (ranks !== null) {
      const range = readRange(ranks, readInteger);
      if (range) return { league, request: range.max === undefined ? { worst: range.min } : { best: range.min, worst: range.max } };
    }
  }
  return null;
}

/** `cap<level>` → the level, or null when the token is none (validity is checked by `validCap`). */
export function readCapToken(token: string): number | null {
  const value = prefixValue(token, 'cap');
  return value === null ? null : readInteger(value);
}

/** A cap the service ranks for (0 = any cap). */
export function validCap(cap: number, limits: PvpLimits): boolean {
  return cap === 0 || limits.level_caps.includes(cap);
}

/** Merges a later token of the same league over what was asked so far. */
export function mergeLeague(previous: LeagueRequest | undefined, next: LeagueRequest): LeagueRequest {
  return { ...previous, ...next };
}

/** The PVP columns of one league's rule: worst rank clamped to filter_max_rank, min CP raised to the league's filter. */
export function leagueColumns(league: League, request: LeagueRequest, cap: number, limits: PvpLimits): Partial<FilterValues> {
  const leagueMinCp = { great: limits.filter_great_min_cp, ultra: limits.filter_ultra_min_cp, little: limits.filter_little_min_cp }[league];
  const worst = Math.min(request.worst ?? 4096, limits.filter_max_rank);
  return {
    pvp_ranking_league: LEAGUE_CP[league],
    pvp_ranking_best: request.best ?? 1,
    pvp_ranking_worst: worst,
    pvp_ranking_min_cp: Math.max(request.minCp ?? 0, leagueMinCp),
    pvp_ranking_cap: cap,
  };
}
