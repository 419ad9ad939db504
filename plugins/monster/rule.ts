/**
 * A `monsters` row, read once per snapshot into typed filters. Column defaults follow the table's documented
 * sentinels (pokemon_id 0 = every species, form 0 = any form, min_iv -1 = IV unknown allowed, rarity -1 = no
 * minimum, size -1 = no minimum, pvp_ranking_league 0 = no PVP filter, pvp_ranking_cap 0 = any cap).
 */
import type { TrackingRow } from '../../core/model.ts';
import { FILTER_DEFAULTS as D } from './defaults.ts';
import { intValue, readRuleReach, templateColumn, textColumn, type RuleReach } from '../../core/match/index.ts';

export const MONSTERS_TABLE = 'monsters';

export interface MonsterRule {
  readonly uid: number;
  readonly humanId: string;
  readonly pokemonId: number;
  readonly form: number;
  readonly minIv: number;
  readonly maxIv: number;
  readonly minCp: number;
  readonly maxCp: number;
  readonly minLevel: number;
  readonly maxLevel: number;
  readonly atk: number;
  readonly def: number;
  readonly sta: number;
  readonly maxAtk: number;
  readonly maxDef: number;
  readonly maxSta: number;
  /** grams */
  readonly minWeight: number;
  readonly maxWeight: number;
  readonly gender: number;
  readonly size: number;
  readonly maxSize: number;
  readonly rarity: number;
  readonly maxRarity: number;
  /** seconds that must be left before despawn */
  readonly minTime: number;
  /** 0 = no PVP filter; 500, 1500 or 2500 */
  readonly pvpLeague: number;
  readonly pvpBest: number;
  readonly pvpWorst: number;
  readonly pvpMinCp: number;
  readonly pvpCap: number;
  readonly reach: RuleReach;
  readonly templateId: string | null;
  readonly ping: string;
  readonly clean: number;
  /** true when the rule needs values only an encounter gives (IV, CP, level, stats, weight, size, PVP) */
  readonly needsEncounter: boolean;
}

function needsEncounter(r: Omit<MonsterRule, 'needsEncounter'>): boolean {
  return (
    r.minIv > -1 ||
    r.maxIv < 100 ||
    r.minCp > 0 ||
    r.minLevel > 0 ||
    r.atk > 0 ||
    r.def > 0 ||
    r.sta > 0 ||
    r.maxAtk < 15 ||
    r.maxDef < 15 ||
    r.maxSta < 15 ||
    r.minWeight > 0 ||
    r.size > -1 ||
    r.maxSize < 5 ||
    r.pvpLeague !== 0
  );
}

/** A rule's pokemonId from its row's `pokemon_id` value (0 = every species). */
export function pokemonIdOf(value: unknown): number {
  return intValue(value, 0);
}

export function readMonsterRule(row: TrackingRow): MonsterRule {
  const rule = {
    uid: row.uid,
    humanId: row.id,
    pokemonId: pokemonIdOf(row.pokemon_id),
    form: intValue(row.form, 0),
    minIv: intValue(row.min_iv, D.min_iv),
    maxIv: intValue(row.max_iv, D.max_iv),
    minCp: intValue(row.min_cp, D.min_cp),
    maxCp: intValue(row.max_cp, D.max_cp),
    minLevel: intValue(row.min_level, D.min_level),
    maxLevel: intValue(row.max_level, D.max_level),
    atk: intValue(row.atk, D.atk),
    def: intValue(row.def, D.def),
    sta: intValue(row.sta, D.sta),
    maxAtk: intValue(row.max_atk, D.max_atk),
    maxDef: intValue(row.max_def, D.max_def),
    maxSta: intValue(row.max_sta, D.max_sta),
    minWeight: intValue(row.min_weight, D.min_weight),
    maxWeight: intValue(row.max_weight, D.max_weight),
    gender: intValue(row.gender, D.gender),
    size: intValue(row.size, D.size),
    maxSize: intValue(row.max_size, D.max_size),
    rarity: intValue(row.rarity, D.rarity),
    maxRarity: intValue(row.max_rarity, D.max_rarity),
    minTime: intValue(row.min_time, D.min_time),
    pvpLeague: intValue(row.pvp_ranking_league, D.pvp_ranking_league),
    pvpBest: intValue(row.pvp_ranking_best, D.pvp_ranking_best),
    pvpWorst: intValue(row.pvp_ranking_worst, D.pvp_ranking_worst),
    pvpMinCp: intValue(row.pvp_ranking_min_cp, D.pvp_ranking_min_cp),
    pvpCap: intValue(row.pvp_ranking_cap, D.pvp_ranking_cap),
    reach: readRuleReach(row),
    templateId: templateColumn(row),
    ping: textColumn(row, 'ping'),
    clean: intValue(row.clean, 0),
    needsEncounter: false,
  };
  // set in place: a spread copy here gave every rule its own hidden class, making each property read in the
  // matcher megamorphic (~1 µs per rule instead of a few ns; see docs/performance.md)
  rule.needsEncounter = needsEncounter(rule);
  return rule;
}
