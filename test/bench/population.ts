/**
 * The synthetic populations of the benchmarks (S, M, L), deterministic from a seed: humans (webhook targets
 * served by the local sink, or targets of the null platform) and their `monsters` rules, generated lazily in
 * chunks so even L (500k rules) never sits in memory whole.
 *
 * Per human: one everything-rule with min_iv 90/95/100; N rules for random species (1–386) with min_iv
 * 80/90/100, or min_cp 1500, or min_level 30 + min_iv 50 (N = 7 for S and M, 22 for L); one everything-rule for
 * 0% IV; one PVP rule (great 1500 or ultra 2500, worst rank 5 or 10, one species or everything). Each rule is
 * area-based or distance-based (500–3000 m) with equal odds.
 */
import { FILTER_DEFAULTS } from '../../plugins/monster/defaults.ts';
import { cityFence, districtFences, pointSampler, type BenchFence, type LatLonPoint } from './fences.ts';
import { seededRandom, type Random } from './random.ts';

export type PopulationName = 'S' | 'M' | 'L';
export const POPULATION_NAMES: readonly PopulationName[] = ['S', 'M', 'L'];

export interface PopulationSpec {
  readonly name: PopulationName;
  readonly humans: number;
  readonly speciesRulesPerHuman: number;
  readonly fences: 'city' | 'districts';
}

export const POPULATIONS: Readonly<Record<PopulationName, PopulationSpec>> = {
  S: { name: 'S', humans: 2_000, speciesRulesPerHuman: 7, fences: 'city' },
  M: { name: 'M', humans: 10_000, speciesRulesPerHuman: 7, fences: 'districts' },
  L: { name: 'L', humans: 20_000, speciesRulesPerHuman: 22, fences: 'districts' },
};

/** rules per human besides the species rules: everything-IV, 0% IV, PVP */
const FIXED_RULES_PER_HUMAN = 3;

export function rulesPerHuman(spec: PopulationSpec): number {
  return spec.speciesRulesPerHuman + FIXED_RULES_PER_HUMAN;
}

export function fencesOf(spec: PopulationSpec, seed: number): BenchFence[] {
  const random = seededRandom(seed).fork('fences');
  return spec.fences === 'city' ? cityFence(random) : districtFences(random);
}

/** Where deliveries go: webhook URLs on the sink, or ids of the null platform. */
export type TargetKind = { readonly kind: 'sink'; readonly baseUrl: string } | { readonly kind: 'null' };

export const NULL_TARGET_TYPE = 'bench:null';

export interface HumanRow {
  readonly id: string;
  readonly type: string;
  readonly name: string;
  readonly enabled: number;
  readonly area: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly language: string | null;
  readonly current_profile_no: number;
  readonly community_membership: string;
  readonly notes: string;
}

export type RuleRow = Readonly<Record<string, string | number | null>>;

/** One human with its rules. */
export interface GeneratedHuman {
  readonly human: HumanRow;
  readonly rules: readonly RuleRow[];
}

export function targetId(target: TargetKind, n: number): string {
  return target.kind === 'sink' ? `${target.baseUrl}/hooks/${n}` : `bench-${n}`;
}

function reachColumns(random: Random): { distance: number } {
  return { distance: random.chance(0.5) ? 0 : random.int(5, 30) * 100 };
}

function rule(humanId: string, random: Random, columns: Record<string, number>): RuleRow {
  return {
    id: humanId,
    profile_no: 1,
    ping: '',
    clean: 0,
    template: null,
    form: 0,
    ...FILTER_DEFAULTS,
    ...reachColumns(random),
    ...columns,
  };
}

function speciesRule(humanId: string, random: Random, species: number): RuleRow {
  const kind = random.int(0, 2);
  if (kind === 0) return rule(humanId, random, { pokemon_id: species, min_iv: random.pick([80, 90, 100]) });
  if (kind === 1) return rule(humanId, random, { pokemon_id: species, min_cp: 1500 });
  return rule(humanId, random, { pokemon_id: species, min_level: 30, min_iv: 50 });
}

function distinctSpecies(random: Random, count: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(random.int(1, 386));
  return [...chosen];
}

function rulesFor(humanId: string, random: Random, spec: PopulationSpec): RuleRow[] {
  const rules: RuleRow[] = [rule(humanId, random, { pokemon_id: 0, min_iv: random.pick([90, 95, 100]) })];
  for (const species of distinctSpecies(random, spec.speciesRulesPerHuman)) rules.push(speciesRule(humanId, random, species));
  rules.push(rule(humanId, random, { pokemon_id: 0, min_iv: 0, max_iv: 0 }));
  rules.push(
    rule(humanId, random, {
      pokemon_id: random.chance(0.5) ? 0 : random.int(1, 386),
      pvp_ranking_league: random.pick([1500, 2500]),
      pvp_ranking_best: 1,
      pvp_ranking_worst: random.pick([5, 10]),
    }),
  );
  return rules;
}

function humanRow(n: number, target: TargetKind, home: BenchFence, extraArea: BenchFence | null, at: LatLonPoint, random: Random): HumanRow {
  const areas = [home.name.toLowerCase(), ...(extraArea && extraArea !== home ? [extraArea.name.toLowerCase()] : [])];
  return {
    id: targetId(target, n),
    type: target.kind === 'sink' ? 'webhook' : NULL_TARGET_TYPE,
    name: `bench ${n}`,
    enabled: 1,
    area: JSON.stringify(areas),
    latitude: at.latitude,
    longitude: at.longitude,
    language: random.chance(0.1) ? 'de' : null,
    current_profile_no: 1,
    community_membership: '[]',
    notes: '',
  };
}

/** Every human of the population with its rules, in a fixed order (the same for the same seed). */
export function* generatePopulation(spec: PopulationSpec, seed: number, target: TargetKind): Generator<GeneratedHuman> {
  const fences = fencesOf(spec, seed);
  const samplers = fences.map((f) => pointSampler(f));
  const random = seededRandom(seed).fork(`population-${spec.name}`);
  for (let n = 1; n <= spec.humans; n++) {
    const homeIndex = random.int(0, fences.length - 1);
    const home = fences[homeIndex]!;
    const extra = fences.length > 1 && random.chance(0.3) ? random.pick(fences) : null;
    const at = samplers[homeIndex]!(random);
    const human = humanRow(n, target, home, extra, at, random);
    yield { human, rules: rulesFor(human.id, random, spec) };
  }
}
