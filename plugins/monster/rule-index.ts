/**
 * The monster rule index, rebuilt once per snapshot: active rules (enabled humans, current profile) bucketed
 * by pokemon id, plus the bucket of rules for every species (pokemon_id 0). An event reads its own species'
 * bucket and the everything bucket (and, with evolution_direct_tracking, the buckets of its ranked evolutions).
 * The everything bucket is large (every human's "all pokemon" rules) and is also split into gates: rules sharing
 * the encounter need, IV range and PVP league/worst rank, so an event tests each gate once and visits only the
 * rules behind the gates it passes. Every bucket and gate is further split by where its rules reach
 * (core/match/reach-partition.ts): an event visits only the rules of its areas and of its grid cell.
 * It is built one bucket or gate per step (core/match/index-steps.ts), so a reload never stops matching for long.
 */
import type { Human, Snapshot } from '../../core/contract.ts';
import { firstOf, literalCopierWith } from '../../core/match/compact-copy.ts';
import { indexInSteps, type IndexInSteps } from '../../core/match/index-steps.ts';
import { partitionByReach, type ReachPartition } from '../../core/match/reach-partition.ts';
import { MONSTERS_TABLE, type MonsterRule } from './rule.ts';

/**
 * A rule as the index holds it: with its human (of the same snapshot), so the matcher reaches the human through
 * the rule instead of looking the id up for every candidate (undefined cannot happen for an active rule).
 */
export type IndexedMonsterRule = MonsterRule & { readonly human: Human | undefined };

/** Everything-rules that an event passes or fails together on the checks below (necessary, not sufficient). */
export interface EverythingGate {
  readonly needsEncounter: boolean;
  readonly minIv: number;
  readonly maxIv: number;
  /** 0 = no PVP filter */
  readonly pvpLeague: number;
  readonly pvpWorst: number;
  readonly rules: readonly IndexedMonsterRule[];
  /** each rule's position in `everything` (ascending), which keeps the visiting order of the whole bucket */
  readonly positions: readonly number[];
  /** `rules` by where they reach */
  readonly reach: ReachPartition;
}

/** One species' rules and where they reach. */
export interface SpeciesBucket {
  readonly rules: readonly IndexedMonsterRule[];
  readonly reach: ReachPartition;
}

export interface MonsterIndex {
  readonly bySpecies: ReadonlyMap<number, SpeciesBucket>;
  readonly everything: readonly IndexedMonsterRule[];
  readonly everythingGates: readonly EverythingGate[];
  readonly size: number;
}

type GateBuilder = Omit<EverythingGate, 'reach' | 'rules'> & { readonly rules: MonsterRule[]; readonly positions: number[] };

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

/** rules grouped per step */
const GROUPING_STEP = 50_000;

function* groupBySpecies(rules: readonly MonsterRule[]): Generator<void, Map<number, MonsterRule[]>, undefined> {
  const grouped = new Map<number, MonsterRule[]>();
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    const bucket = grouped.get(rule.pokemonId);
    if (bucket) bucket.push(rule);
    else grouped.set(rule.pokemonId, [rule]);
    if (i % GROUPING_STEP === GROUPING_STEP - 1) yield;
  }
  return grouped;
}

/** The index, built one list (a species bucket, an everything-gate) per step. */
function* monsterIndexSteps(snapshot: Snapshot): Generator<void, MonsterIndex, undefined> {
  const rules = snapshot.activeRules<MonsterRule>(MONSTERS_TABLE);
  const grouped = yield* groupBySpecies(rules);
  const loadedGates = gatesOf(grouped.get(0) ?? []);
  grouped.delete(0);
  yield;
  // the rules one event visits (a species bucket, an everything-gate) are copied side by side, each with its
  // human: see compact-copy.ts
  const lists = [...grouped.values(), ...loadedGates.map((g) => g.rules)];
  const sample = firstOf(lists);
  const copy = sample ? literalCopierWith<MonsterRule, 'human', Human | undefined>(sample, 'human') : null;
  const done: SpeciesBucket[] = [];
  for (const list of lists) {
    const copies = copy ? list.map((rule) => copy(rule, snapshot.humans.get(rule.humanId))) : [];
    done.push({ rules: copies, reach: partitionByReach(copies, snapshot) });
    yield;
  }
  const bySpecies = new Map([...grouped.keys()].map((s, i) => [s, done[i]!] as const));
  const everythingGates = loadedGates.map((gate, i) => ({ ...gate, ...done[grouped.size + i]! }));
  const everything: IndexedMonsterRule[] = [];
  for (const gate of everythingGates) gate.rules.forEach((rule, i) => (everything[gate.positions[i]!] = rule));
  return { bySpecies, everything, everythingGates, size: rules.length };
}

/** The plugin's `buildIndex`: the index in steps, so the state manager builds it without stopping matching. */
export function buildMonsterIndex(snapshot: Snapshot): IndexInSteps<MonsterIndex> {
  return indexInSteps(monsterIndexSteps(snapshot));
}

export const EMPTY_MONSTER_INDEX: MonsterIndex = { bySpecies: new Map(), everything: [], everythingGates: [], size: 0 };
