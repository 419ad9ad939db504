/**
 * The monster rule index, rebuilt once per snapshot: active rules (enabled humans, current profile) bucketed
 * by pokemon id, plus the bucket of rules for every species (pokemon_id 0). An event reads its own species'
 * bucket and the everything bucket (and, with evolution_direct_tracking, the buckets of its ranked evolutions).
 */
import type { Snapshot } from '../../core/contract.ts';
import { MONSTERS_TABLE, readMonsterRule, type MonsterRule } from './rule.ts';

export interface MonsterIndex {
  readonly bySpecies: ReadonlyMap<number, readonly MonsterRule[]>;
  readonly everything: readonly MonsterRule[];
  readonly size: number;
}

export function buildMonsterIndex(snapshot: Snapshot): MonsterIndex {
  const bySpecies = new Map<number, MonsterRule[]>();
  const everything: MonsterRule[] = [];
  const rows = snapshot.activeRows(MONSTERS_TABLE);
  for (const row of rows) {
    const rule = readMonsterRule(row);
    if (rule.pokemonId === 0) everything.push(rule);
    else {
      const bucket = bySpecies.get(rule.pokemonId);
      if (bucket) bucket.push(rule);
      else bySpecies.set(rule.pokemonId, [rule]);
    }
  }
  return { bySpecies, everything, size: rows.length };
}

export const EMPTY_MONSTER_INDEX: MonsterIndex = { bySpecies: new Map(), everything: [], size: 0 };
