/**
 * PVP template variables: per league the ranks within the [pvp] display bounds (`pvpGreat`, …), the best
 * of them (`pvpGreatBest`), its rank and CP (`bestGreatLeagueRank`, `bestGreatLeagueRankCP`) and whether any
 * league has something to show (`pvpAvailable`). With every rank of the event given, also the previous
 * generations' `pvp_rankings_<league>_league` lists (all ranks, not only the displayed ones; a rank shown in
 * both lists is one object). Names are given per language.
 */
import type { GameData } from '../../core/gamedata/index.ts';
import { LEAGUES, type LeagueCap, type PvpRank } from './event.ts';

export interface PvpRankView {
  readonly rank: number;
  readonly pokemon: number;
  readonly form: number;
  readonly evolution: number;
  readonly fullName: string;
  readonly name: string;
  readonly formName: string;
  readonly cp: number;
  readonly level: number;
  readonly cap: number;
  readonly capped: boolean;
  /** e.g. "21.5" or "21.5 (L40)" when the rank is for a cap that is not the highest used */
  readonly levelWithCap: string;
  /** stat product in percent of rank 1, two decimals */
  readonly percentage: number;
}

const TITLES: Readonly<Record<string, string>> = { little: 'Little', great: 'Great', ultra: 'Ultra' };

export function pokemonFullName(gameData: GameData, id: number, form: number, evolution: number, lang?: string): string {
  const name = gameData.pokemonName(id, lang);
  const formName = gameData.formName(form, lang);
  const base = formName && !/^normal$/i.test(formName) ? `${name} ${formName}` : name;
  return evolution ? `${gameData.tempEvolutionName(evolution, lang)} ${base}` : base;
}

function levelWithCap(rank: PvpRank, highestCap: number): string {
  if (rank.cap === 0 || rank.capped || rank.cap >= highestCap) return String(rank.level);
  return `${rank.level} (L${rank.cap})`;
}

function rankView(gameData: GameData, rank: PvpRank, highestCap: number, lang?: string): PvpRankView {
  const formName = gameData.formName(rank.form, lang);
  return {
    rank: rank.rank,
    pokemon: rank.pokemon,
    form: rank.form,
    evolution: rank.evolution,
    fullName: pokemonFullName(gameData, rank.pokemon, rank.form, rank.evolution, lang),
    name: gameData.pokemonName(rank.pokemon, lang),
    formName: /^normal$/i.test(formName) ? '' : formName,
    cp: rank.cp,
    level: rank.level,
    cap: rank.cap,
    capped: rank.capped,
    levelWithCap: levelWithCap(rank, highestCap),
    percentage: Math.round(rank.percentage * 10000) / 100,
  };
}

/**
 * The best rank's view with, as the previous generations had it, `list` (every displayed rank sharing that rank)
 * and `name` (their full names, each once, joined with ", ").
 */
export interface PvpBestView extends PvpRankView {
  readonly list: readonly PvpRankView[];
}

/** `list` is sorted by rank, `best` its first entry: the ties are the entries before the first worse rank. */
function bestOf(best: PvpRankView, list: readonly PvpRankView[]): PvpBestView {
  let end = 1;
  while (end < list.length && list[end]!.rank === best.rank) end++;
  const tied = end === list.length ? list : list.slice(0, end);
  let name = best.fullName;
  for (let i = 1; i < end; i++) if (!tied.slice(0, i).some((r) => r.fullName === tied[i]!.fullName)) name += `, ${tied[i]!.fullName}`;
  return {
    rank: best.rank,
    pokemon: best.pokemon,
    form: best.form,
    evolution: best.evolution,
    fullName: best.fullName,
    name,
    formName: best.formName,
    cp: best.cp,
    level: best.level,
    cap: best.cap,
    capped: best.capped,
    levelWithCap: best.levelWithCap,
    percentage: best.percentage,
    list: tied,
  };
}

function byRank(a: PvpRank, b: PvpRank): number {
  return a.rank - b.rank || b.cp - a.cp;
}

/**
 * All PVP variables for the ranks that passed the display bounds, and the `pvp_rankings_*` lists when `all`
 * (every rank of the event) is given.
 */
export function pvpVariables(
  gameData: GameData,
  ranks: ReadonlyMap<LeagueCap, readonly PvpRank[]>,
  levelCaps: readonly number[],
  lang?: string,
  all?: ReadonlyMap<LeagueCap, readonly PvpRank[]>,
): Record<string, unknown> {
  const highestCap = Math.max(0, ...levelCaps);
  const out: Record<string, unknown> = { pvpAvailable: false };
  for (const { cap, key } of LEAGUES) {
    const title = TITLES[key];
    // the displayed ranks are some of the event's ranks (the same objects): their views are shared
    const every = all ? (all.get(cap) ?? []).filter((r) => r.rank > 0).sort(byRank) : null;
    const everyView = every ? every.map((r) => rankView(gameData, r, highestCap, lang)) : null;
    if (everyView) out[`pvp_rankings_${key}_league`] = everyView;
    const list = [...(ranks.get(cap) ?? [])].sort(byRank).map((r) => {
      const at = every ? every.indexOf(r) : -1;
      return at >= 0 ? everyView![at]! : rankView(gameData, r, highestCap, lang);
    });
    const best = list[0];
    out[`pvp${title}`] = list;
    out[`pvp${title}Best`] = best ? bestOf(best, list) : null;
    out[`best${title}LeagueRank`] = best?.rank ?? '';
    out[`best${title}LeagueRankCP`] = best?.cp ?? '';
    if (list.length > 0) out.pvpAvailable = true;
  }
  return out;
}

/** One PVP filter of a user's matching rules: league cap, worst rank, level cap (0 = any). */
export interface PvpTrackFilter {
  readonly league: LeagueCap;
  readonly worst: number;
  readonly cap: number;
}

function passes(filters: readonly PvpTrackFilter[], league: LeagueCap, rank: PvpRank): boolean {
  return filters.some((f) => f.league === league && (f.cap === 0 || f.cap === rank.cap || rank.capped) && f.worst >= rank.rank);
}

/**
 * `[pvp] filter_by_track`: the displayed ranks limited to those one of the user's matching rules tracks (league,
 * worst rank, level cap), as the previous generation does; the listings are then built from them (pvpVariables).
 */
export function trackedRanks(ranks: ReadonlyMap<LeagueCap, readonly PvpRank[]>, filters: readonly PvpTrackFilter[]): Map<LeagueCap, PvpRank[]> {
  const out = new Map<LeagueCap, PvpRank[]>();
  for (const { cap } of LEAGUES) out.set(cap, (ranks.get(cap) ?? []).filter((r) => passes(filters, cap, r)));
  return out;
}
