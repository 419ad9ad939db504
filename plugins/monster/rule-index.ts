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
import type { Human, PendingRules, Snapshot } from '../../core/model.ts';
import { literalCopierWith } from '../../core/match/compact-copy.ts';
import { indexInSteps, type IndexInSteps } from '../../core/match/index-steps.ts';
import { partitionByReach, type ReachPartition } from '../../core/match/reach-partition.ts';
import { MONSTERS_TABLE, pokemonIdOf, type MonsterRule } from './rule.ts';

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

/** a gate before its rules are copied: the rows (pending positions) of its rules, in everything-bucket order */
type GateBuilder = Omit<EverythingGate, 'reach' | 'rules'> & { readonly rows: number[]; readonly positions: number[] };

/**
 * The everything-rules (`rows`: their pending positions) split into gates. Each rule is read here only for its
 * gate and dropped (it is read again to be copied): a rule read now and kept until then would make V8 place
 * every later rule read at that site straight into the old generation (allocation-site pretenuring), where the
 * rules read only to be copied are garbage a full collection has to clear.
 */
function gatesOf(rows: readonly number[], pending: PendingRules<MonsterRule>): GateBuilder[] {
  const gates = new Map<string, GateBuilder>();
  rows.forEach((row, position) => {
    const rule = pending.read(row);
    const pvpWorst = rule.pvpLeague === 0 ? 0 : rule.pvpWorst;
    const key = `${rule.needsEncounter}:${rule.minIv}:${rule.maxIv}:${rule.pvpLeague}:${pvpWorst}`;
    let gate = gates.get(key);
    if (!gate) {
      gate = { needsEncounter: rule.needsEncounter, minIv: rule.minIv, maxIv: rule.maxIv, pvpLeague: rule.pvpLeague, pvpWorst, rows: [], positions: [] };
      gates.set(key, gate);
    }
    gate.rows.push(row);
    gate.positions.push(position);
  });
  return [...gates.values()];
}

/** rows grouped per step */
const GROUPING_STEP = 50_000;

/** Positions of the pending rules by pokemonId, each list ascending (row order). */
function* groupBySpecies(pending: PendingRules<MonsterRule>): Generator<void, Map<number, number[]>, undefined> {
  const speciesOf = pending.column('pokemon_id');
  const grouped = new Map<number, number[]>();
  for (let i = 0; i < pending.length; i++) {
    const species = pokemonIdOf(speciesOf(i));
    const bucket = grouped.get(species);
    if (bucket) bucket.push(i);
    else grouped.set(species, [i]);
    if (i % GROUPING_STEP === GROUPING_STEP - 1) yield;
  }
  return grouped;
}

/**
 * The index, built one list (a species bucket, an everything-gate) per step. The rows are grouped by species
 * without being read; then each list's rules are read from their rows (Snapshot.pendingRules) and copied side
 * by side with their human (compact-copy.ts), list after list, so only the copies outlive the step.
 */
function* monsterIndexSteps(snapshot: Snapshot): Generator<void, MonsterIndex, undefined> {
  const pending = snapshot.pendingRules<MonsterRule>(MONSTERS_TABLE);
  const grouped = yield* groupBySpecies(pending);
  const loadedGates = gatesOf(grouped.get(0) ?? [], pending);
  grouped.delete(0);
  yield;
  const copy = pending.length > 0 ? literalCopierWith<MonsterRule, 'human', Human | undefined>(pending.read(0), 'human') : null;
  const readCopy = (i: number): IndexedMonsterRule => {
    const rule = pending.read(i);
    return copy!(rule, snapshot.humans.get(rule.humanId));
  };
  const done: SpeciesBucket[] = [];
  for (const rows of [...grouped.values(), ...loadedGates.map((gate) => gate.rows)]) {
    const copies = rows.map(readCopy);
    done.push({ rules: copies, reach: partitionByReach(copies, snapshot) });
    yield;
  }
  const bySpecies = new Map([...grouped.keys()].map((s, i) => [s, done[i]!] as const));
  const everythingGates = loadedGates.map(({ rows: _rows, ...gate }, i) => ({ ...gate, ...done[grouped.size + i]! }));
  const everything: IndexedMonsterRule[] = [];
  for (const gate of everythingGates) gate.rules.forEach((rule, i) => (everything[gate.positions[i]!] = rule));
  return { bySpecies, everything, everythingGates, size: pending.length };
}

/** The plugin's `buildIndex`: the index in steps, so the state manager builds it without stopping matching. */
export function buildMonsterIndex(snapshot: Snapshot): IndexInSteps<MonsterIndex> {
  return indexInSteps(monsterIndexSteps(snapshot));
}

export const EMPTY_MONSTER_INDEX: MonsterIndex = { bySpecies: new Map(), everything: [], everythingGates: [], size: 0 };
