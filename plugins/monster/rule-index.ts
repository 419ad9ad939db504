/**
 * The monster rule index, rebuilt once per snapshot: active rules (enabled humans, current profile) bucketed
 * by pokemon id, plus the bucket of rules for every species (pokemon_id 0). An event reads its own species'
 * bucket and the everything bucket (and, with evolution_direct_tracking, the buckets of its ranked evolutions).
 * The everything bucket is large (every human's "all pokemon" rules) and is also split into gates: rules sharing
 * the encounter need, IV range and PVP league/worst rank, so an event tests each gate once and visits only the
 * rules behind the gates it passes. Every bucket and gate is further split by where its rules reach
 * (core/match/reach-partition.ts): an event visits only the rules of its areas and of its grid cell.
 */
import type { Snapshot } from '../../core/contract.ts';
import { compactLists } from '../../core/match/compact-copy.ts';
import { partitionByReach, type ReachPartition } from '../../core/match/reach-partition.ts';
import { MONSTERS_TABLE, type MonsterRule } from './rule.ts';

/** Everything-rules that an event passes or fails together on the checks below (necessary, not sufficient). */
export interface EverythingGate {
  readonly needsEncounter: boolean;
  readonly minIv: number;
  readonly maxIv: number;
  /** 0 = no PVP filter */
  readonly pvpLeague: number;
  readonly pvpWorst: number;
  readonly rules: readonly MonsterRule[];
  /** each rule's position in `everything` (ascending), which keeps the visiting order of the whole bucket */
  readonly positions: readonly number[];
  /** `rules` by where they reach */
  readonly reach: ReachPartition;
}

/** One species' rules and where they reach. */
export interface SpeciesBucket {
  readonly rules: readonly MonsterRule[];
  readonly reach: ReachPartition;
}

export interface MonsterIndex {
  readonly bySpecies: ReadonlyMap<number, SpeciesBucket>;
  readonly everything: readonly MonsterRule[];
  readonly everythingGates: readonly EverythingGate[];
  readonly size: number;
}

type GateBuilder = Omit<EverythingGate, 'reach'> & { readonly rules: MonsterRule[]; readonly positions: number[] };

function gatesOf(everything: readonly MonsterRule[]): GateBuilder[] {
  const gates = new Map<string, GateBuilder>();
  everything.forEach((rule, position) => {
    const pvpWorst = rule.pvpLeague === 0 ? 0 : rule.pvpWorst;
    const key = `${rule.needsEncounter}:${rule.minIv}:${rule.maxIv}:${rule.pvpLeague}:${pvpWorst}`;
    let gate = gates.get(key);
    if (!gate) {
      gate = { needsEncounter: rule.needsEncounter, minIv: rule.minIv, maxIv: rule.maxIv, pvpLeague: rule.pvpLeague, pvpWorst, rules: [], positions: [] };
      gates.set(key, gate);
    }
    gate.rules.push(rule);
    gate.positions.push(position);
  });
  return [...gates.values()];
}

export function buildMonsterIndex(snapshot: Snapshot): MonsterIndex {
  const rules = snapshot.activeRules<MonsterRule>(MONSTERS_TABLE);
  const grouped = new Map<number, MonsterRule[]>();
  for (const rule of rules) {
    const bucket = grouped.get(rule.pokemonId);
    if (bucket) bucket.push(rule);
    else grouped.set(rule.pokemonId, [rule]);
  }
  // the rules one event visits (a species bucket, an everything-gate) are copied side by side: see compact-copy.ts
  const loadedGates = gatesOf(grouped.get(0) ?? []);
  grouped.delete(0);
  const species = [...grouped.keys()];
  const copies = compactLists([...species.map((s) => grouped.get(s)!), ...loadedGates.map((g) => g.rules)]);
  const bySpecies = new Map(species.map((s, i) => [s, { rules: copies[i]!, reach: partitionByReach(copies[i]!, snapshot) }] as const));
  const everythingGates = loadedGates.map((gate, i) => {
    const gateRules = copies[species.length + i]!;
    return { ...gate, rules: gateRules, reach: partitionByReach(gateRules, snapshot) };
  });
  const everything: MonsterRule[] = [];
  for (const gate of everythingGates) gate.rules.forEach((rule, i) => (everything[gate.positions[i]!] = rule));
  return { bySpecies, everything, everythingGates, size: rules.length };
}

export const EMPTY_MONSTER_INDEX: MonsterIndex = { bySpecies: new Map(), everything: [], everythingGates: [], size: 0 };
