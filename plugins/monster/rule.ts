/**
 * A `monsters` row, read once per snapshot into typed filters. Column defaults follow the table's documented
 * sentinels (pokemon_id 0 = every species, form 0 = any form, min_iv -1 = IV unknown allowed, rarity -1 = no
 * minimum, size -1 = no minimum, pvp_ranking_league 0 = no PVP filter, pvp_ranking_cap 0 = any cap).
 */
import type { TrackingRow } from '../../core/contract.ts';
import { FILTER_DEFAULTS as D } from './defaults.ts';
import { intColumn, readRuleReach, templateColumn, textColumn, type RuleReach } from '../../core/match/index.ts';

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

export function readMonsterRule(row: TrackingRow): MonsterRule {
  const rule = {
    uid: row.uid,
    humanId: row.id,
    pokemonId: intColumn(row, 'pokemon_id', 0),
    form: intColumn(row, 'form', 0),
    minIv: intColumn(row, 'min_iv', D.min_iv),
    maxIv: intColumn(row, 'max_iv', D.max_iv),
    minCp: intColumn(row, 'min_cp', D.min_cp),
    maxCp: intColumn(row, 'max_cp', D.max_cp),
    minLevel: intColumn(row, 'min_level', D.min_level),
    maxLevel: intColumn(row, 'max_level', D.max_level),
    atk: intColumn(row, 'atk', D.atk),
    def: intColumn(row, 'def', D.def),
    sta: intColumn(row, 'sta', D.sta),
    maxAtk: intColumn(row, 'max_atk', D.max_atk),
    maxDef: intColumn(row, 'max_def', D.max_def),
    maxSta: intColumn(row, 'max_sta', D.max_sta),
    minWeight: intColumn(row, 'min_weight', D.min_weight),
    maxWeight: intColumn(row, 'max_weight', D.max_weight),
    gender: intColumn(row, 'gender', D.gender),
    size: intColumn(row, 'size', D.size),
    maxSize: intColumn(row, 'max_size', D.max_size),
    rarity: intColumn(row, 'rarity', D.rarity),
    maxRarity: intColumn(row, 'max_rarity', D.max_rarity),
    minTime: intColumn(row, 'min_time', D.min_time),
    pvpLeague: intColumn(row, 'pvp_ranking_league', D.pvp_ranking_league),
    pvpBest: intColumn(row, 'pvp_ranking_best', D.pvp_ranking_best),
    pvpWorst: intColumn(row, 'pvp_ranking_worst', D.pvp_ranking_worst),
    pvpMinCp: intColumn(row, 'pvp_ranking_min_cp', D.pvp_ranking_min_cp),
    pvpCap: intColumn(row, 'pvp_ranking_cap', D.pvp_ranking_cap),
    reach: readRuleReach(row),
    templateId: templateColumn(row),
    ping: textColumn(row, 'ping'),
    clean: intColumn(row, 'clean', 0),
    needsEncounter: false,
  };
  // set in place: a spread copy here gave every rule its own hidden class, making each property read in the
  // matcher megamorphic (~1 µs per rule instead of a few ns; see docs/performance.md)
  rule.needsEncounter = needsEncounter(rule);
  return rule;
}
