/**
 * The `monsters` filter columns and their "no filter" values (the table's documented defaults), shared by
 * the matcher (a missing column reads as its default) and the commands (a keyword not given keeps it).
 */
export const FILTER_DEFAULTS = {
  min_iv: -1,
  max_iv: 100,
  min_cp: 0,
  max_cp: 9000,
  min_level: 0,
  max_level: 55,
  atk: 0,
  def: 0,
  sta: 0,
  max_atk: 15,
  max_def: 15,
  max_sta: 15,
  min_weight: 0,
  max_weight: 9_000_000,
  gender: 0,
  size: -1,
  max_size: 5,
  rarity: -1,
  max_rarity: 6,
  min_time: 0,
  pvp_ranking_league: 0,
  pvp_ranking_best: 1,
  pvp_ranking_worst: 4096,
  pvp_ranking_min_cp: 0,
  pvp_ranking_cap: 0,
} as const;
