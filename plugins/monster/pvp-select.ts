/**
 * Which PVP ranks count. Two bound sets come from [pvp]: `filter_*` bounds decide which ranks rules may match
 * on, `display_*` bounds decide which ranks templates list. Both drop ranks computed for a level cap the
 * operator does not use (`level_caps`; a rank `capped` below a configured cap still counts) and mega
 * evolutions unless `include_mega_evolution`. The filter ranks are selected once per event (for match), the
 * display ranks at most once per event (rankSelector, for enrich and every enrichLanguage).
 */
import type { PvpConfig } from './config.ts';
import type { LeagueCap, MonsterEvent, PvpRank } from './event.ts';

export interface PvpBounds {
  readonly maxRank: number;
  readonly minCp: Readonly<Record<LeagueCap, number>>;
  readonly levelCaps: readonly number[];
  readonly includeMega: boolean;
}

export function filterBounds(pvp: PvpConfig): PvpBounds {
  return {
    maxRank: pvp.filter_max_rank,
    minCp: { 500: pvp.filter_little_min_cp, 1500: pvp.filter_great_min_cp, 2500: pvp.filter_ultra_min_cp },
    levelCaps: pvp.level_caps,
    includeMega: pvp.include_mega_evolution,
  };
}

export function displayBounds(pvp: PvpConfig): PvpBounds {
  return {
    maxRank: pvp.display_max_rank,
    minCp: { 500: pvp.display_little_min_cp, 1500: pvp.display_great_min_cp, 2500: pvp.display_ultra_min_cp },
    levelCaps: pvp.level_caps,
    includeMega: pvp.include_mega_evolution,
  };
}

function capAllowed(rank: PvpRank, caps: readonly number[]): boolean {
  if (rank.cap === 0 || caps.length === 0) return true;
  return caps.some((cap) => cap === rank.cap || (rank.capped && cap >= rank.cap));
}

export function ranksWithin(ranks: readonly PvpRank[], league: LeagueCap, bounds: PvpBounds): PvpRank[] {
  return ranks.filter(
    (r) => r.rank <= bounds.maxRank && r.cp >= bounds.minCp[league] && (bounds.includeMega || r.evolution === 0) && capAllowed(r, bounds.levelCaps),
  );
}

export type RanksByLeague = ReadonlyMap<LeagueCap, readonly PvpRank[]>;

/** What an event without ranks (or with none within the bounds) selects: one shared empty map. */
const NO_RANKS: RanksByLeague = new Map();

/** The event's ranks per league within the bounds (leagues with nothing left are absent). */
export function selectRanks(event: MonsterEvent, bounds: PvpBounds): RanksByLeague {
  let out: Map<LeagueCap, readonly PvpRank[]> | null = null;
  for (const [league, ranks] of event.pvp) {
    const kept = ranksWithin(ranks, league, bounds);
    if (kept.length > 0) (out ??= new Map()).set(league, kept);
  }
  return out ?? NO_RANKS;
}

/**
 * selectRanks for `bounds`, done at most once per event however often it is asked (the display ranks are
 * wanted by enrich and again by enrichLanguage for every language): the selection is kept with the event
 * (weakly, so it goes with the event). An event without ranks is answered without being remembered.
 */
export function rankSelector(bounds: PvpBounds): (event: MonsterEvent) => RanksByLeague {
  const selected = new WeakMap<MonsterEvent, RanksByLeague>();
  return (event) => {
    if (event.pvp.size === 0) return NO_RANKS;
    let ranks = selected.get(event);
    if (ranks === undefined) {
      ranks = selectRanks(event, bounds);
      selected.set(event, ranks);
    }
    return ranks;
  };
}
