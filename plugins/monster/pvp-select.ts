/**
 * Which PVP ranks count. Two bound sets come from [pvp]: `filter_*` bounds decide which ranks rules may match
 * on, `display_*` bounds decide which ranks templates list. Both drop ranks computed for a level cap the
 * operator does not use (`level_caps`; a rank `capped` below a configured cap still counts) and mega
 * evolutions unless `include_mega_evolution`.
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

/** The event's ranks per league within the bounds (leagues with nothing left are absent). */
export function selectRanks(event: MonsterEvent, bounds: PvpBounds): ReadonlyMap<LeagueCap, readonly PvpRank[]> {
  const out = new Map<LeagueCap, readonly PvpRank[]>();
  for (const [league, ranks] of event.pvp) {
    const kept = ranksWithin(ranks, league, bounds);
    if (kept.length > 0) out.set(league, kept);
  }
  return out;
}
