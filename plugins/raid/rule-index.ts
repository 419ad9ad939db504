/**
 * The raid/egg rule index, rebuilt once per snapshot: active raid rules bucketed by boss (pokemon_id) and, for
 * the by-level rules, by level; egg rules by level. Level-90 rules (every level) have their own bucket.
 */
import type { Snapshot } from '../../core/model.ts';
import { ALL_LEVELS } from './levels.ts';
import { ANY, EGG_TABLE, RAID_TABLE, type EggRule, type RaidRule } from './rule.ts';

export interface RaidIndex {
  readonly raidsByBoss: ReadonlyMap<number, readonly RaidRule[]>;
  /** by-level raid rules (pokemon_id 9000) by level; ALL_LEVELS holds the every-level rules */
  readonly raidsByLevel: ReadonlyMap<number, readonly RaidRule[]>;
  /** egg rules by level; ALL_LEVELS holds the every-level rules */
  readonly eggsByLevel: ReadonlyMap<number, readonly EggRule[]>;
}

function add<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const bucket = map.get(key);
  if (bucket) bucket.push(value);
  else map.set(key, [value]);
}

export function buildRaidIndex(snapshot: Snapshot): RaidIndex {
  const raidsByBoss = new Map<number, RaidRule[]>();
  const raidsByLevel = new Map<number, RaidRule[]>();
  const eggsByLevel = new Map<number, EggRule[]>();
  for (const rule of snapshot.activeRules<RaidRule>(RAID_TABLE)) {
    if (rule.pokemonId === ANY) add(raidsByLevel, rule.level, rule);
    else add(raidsByBoss, rule.pokemonId, rule);
  }
  for (const rule of snapshot.activeRules<EggRule>(EGG_TABLE)) {
    add(eggsByLevel, rule.level, rule);
  }
  return { raidsByBoss, raidsByLevel, eggsByLevel };
}

/** The raid rules an event may match, in a stable order: the boss's, its level's, then every level's. */
export function raidCandidates(index: RaidIndex, pokemonId: number, level: number): readonly (readonly RaidRule[])[] {
  return [index.raidsByBoss.get(pokemonId) ?? [], index.raidsByLevel.get(level) ?? [], index.raidsByLevel.get(ALL_LEVELS) ?? []];
}

export function eggCandidates(index: RaidIndex, level: number): readonly (readonly EggRule[])[] {
  return [index.eggsByLevel.get(level) ?? [], index.eggsByLevel.get(ALL_LEVELS) ?? []];
}

/** Whether a rule's level bucket (by-level raid rules, egg rules) is one the candidates above visit for `level`. */
export function levelBucketVisited(ruleLevel: number, level: number): boolean {
  return ruleLevel === level || ruleLevel === ALL_LEVELS;
}

/**
 * Whether `raidCandidates` hands this rule to the matcher for a boss and level (for the explanation; the matcher
 * reads the buckets): a boss rule is filed under its boss whatever its level, a by-level rule under its level.
 */
export function isRaidCandidate(rule: RaidRule, pokemonId: number, level: number): boolean {
  return rule.pokemonId === ANY ? levelBucketVisited(rule.level, level) : rule.pokemonId === pokemonId;
}
