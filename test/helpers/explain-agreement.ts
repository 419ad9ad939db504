/**
 * The property the explain issue asks of every alert plugin, over random populations (the quest, invasion, lure,
 * fort-update and weather tests): for an event, a human gets an alert from `match` exactly when one of the human's
 * rules is said to fire by `explainRule`, and the rule that matched is one that fires — the check itself is
 * `agreement` (explain-agreement-rules.ts, which the raid, gym, max-battle and nest tests use directly). Plus the
 * seeded random humans, saved locations, rule reaches and event places these tests draw from (test/bench/random.ts).
 */
import type { AlertPlugin, MatchContext } from '../../core/contract.ts';
import { silentLogger } from '../../core/log/logger.ts';
import type { Human, NamedLocation, Snapshot, TrackingRow } from '../../core/model.ts';
import type { Random } from '../bench/random.ts';
import { agreement } from './explain-agreement-rules.ts';
import { human } from './humans.ts';

/** the verdict codes a run of `explainAgreement` saw (`fires` included) */
export type SeenCodes = Set<string>;

/**
 * The agreement check (explain-agreement-rules.ts `agreement`) for every rule of `rows` (of `table`, all of the
 * humans' current profile) and every human of the snapshot: the disagreements as readable lines (empty when explain
 * and match agree); the codes given are added to `codes`.
 */
export function explainAgreement<E, I>(
  plugin: AlertPlugin<E, I>,
  snapshot: Snapshot,
  table: string,
  rows: readonly TrackingRow[],
  event: E,
  ctx: MatchContext,
  codes: SeenCodes,
): string[] {
  const result = agreement(plugin, snapshot, event, ctx, [...snapshot.humans.values()], rows.map((row) => ({ table, row })), `${plugin.name} event`);
  result.codes.forEach((code) => codes.add(code));
  return [...result.disagreements];
}

/** the area names the random humans, rules and events use (lower case, as fences are compared) */
export const RANDOM_AREAS = ['north', 'south', 'harbour'] as const;

/** a random subset of `RANDOM_AREAS`, possibly empty */
export function randomAreas(random: Random): string[] {
  return RANDOM_AREAS.filter(() => random.chance(0.45));
}

/** a point within about `spreadKm` of (lat, lon) */
export function randomPoint(random: Random, lat: number, lon: number, spreadKm = 3): { latitude: number; longitude: number } {
  const d = spreadKm / 111;
  return { latitude: lat + (random.next() * 2 - 1) * d, longitude: lon + (random.next() * 2 - 1) * d * 1.5 };
}

/** The random people of a property test: humans with areas, a location or none (0,0), and saved locations. */
export interface RandomPeople {
  readonly humans: readonly Human[];
  readonly locations: readonly NamedLocation[];
}

/** the labels of saved locations a random rule may name; `gone` is never saved */
export const RANDOM_LABELS = ['home', 'work', 'gone'] as const;

export function randomPeople(random: Random, count: number, lat: number, lon: number): RandomPeople {
  const humans: Human[] = [];
  const locations: NamedLocation[] = [];
  let uid = 0;
  for (let i = 0; i < count; i++) {
    const id = `h${i}`;
    const at = random.chance(0.75) ? randomPoint(random, lat, lon) : { latitude: 0, longitude: 0 };
    humans.push(human(id, { area: randomAreas(random), ...at }));
    for (const label of ['home', 'work']) {
      if (random.chance(0.4)) locations.push({ uid: ++uid, humanId: id, label: random.chance(0.5) ? label : label.toUpperCase(), ...randomPoint(random, lat, lon) });
    }
  }
  return { humans, locations };
}

/** the rule-mode columns of a random rule: the human's areas, an area override, a distance from the human or from a saved location (which may be gone) */
export function randomReachColumns(random: Random): Record<string, unknown> {
  const distance = random.pick([100, 500, 1500, 4000]);
  switch (random.int(0, 3)) {
    case 0:
      return { distance: 0, override_location_label: null, override_areas: null };
    case 1:
      return { distance: 0, override_location_label: null, override_areas: JSON.stringify(randomAreas(random).map((a) => (random.chance(0.3) ? a.toUpperCase() : a))) };
    case 2:
      return { distance, override_location_label: null, override_areas: null };
    default:
      return { distance, override_location_label: random.pick(RANDOM_LABELS), override_areas: null };
  }
}

/** the match context of an event inside the fences `areas` (no fence objects: the matchers read the names), at `nowMs` */
export function areaContext(areas: readonly string[], nowMs: number, webhookType: string): MatchContext {
  return {
    meta: { eventId: 'explain-property', webhookType, receivedAt: nowMs },
    log: silentLogger(),
    now: () => nowMs,
    fences: [],
    areaNames: new Set(areas.map((a) => a.toLowerCase())),
  };
}

/** One plugin's property test over random populations: what changes from plugin to plugin. */
export interface RandomRounds<E, I> {
  readonly plugin: AlertPlugin<E, I>;
  readonly table: string;
  readonly random: Random;
  /** a random rule of the plugin's table for a human */
  readonly rule: (random: Random, humanId: string) => TrackingRow;
  /** the snapshot of a population (the plugin's test support builds it with its index) */
  readonly snapshot: (humans: readonly Human[], rows: readonly TrackingRow[], locations: readonly NamedLocation[]) => Snapshot;
  /** a random event of the round, whose rules are `rows` */
  readonly event: (random: Random, rows: readonly TrackingRow[]) => E;
  /** the match context of an event inside the fences `areas` */
  readonly context: (areas: readonly string[]) => MatchContext;
  readonly centre: { readonly latitude: number; readonly longitude: number };
  /** populations (5 humans, 0–4 rules each) and events per population; default 30 × 10 */
  readonly rounds?: number;
  readonly eventsPerRound?: number;
}

/** Runs explainAgreement over random populations and events: the disagreements and the codes seen. */
export function agreementOverRandomRounds<E, I>(run: RandomRounds<E, I>): { readonly problems: string[]; readonly codes: SeenCodes } {
  const { random } = run;
  const codes: SeenCodes = new Set();
  const problems: string[] = [];
  for (let round = 0; round < (run.rounds ?? 30); round++) {
    const people = randomPeople(random, 5, run.centre.latitude, run.centre.longitude);
    const rows = people.humans.flatMap((h) => Array.from({ length: random.int(0, 4) }, () => run.rule(random, h.id)));
    const snapshot = run.snapshot(people.humans, rows, people.locations);
    for (let i = 0; i < (run.eventsPerRound ?? 10); i++) {
      const event = run.event(random, rows);
      problems.push(...explainAgreement(run.plugin, snapshot, run.table, rows, event, run.context(randomAreas(random)), codes));
    }
  }
  return { problems, codes };
}

/** The codes of `expected` that a run never gave (a property test whose population never reaches a check proves little). */
export function unseenCodes(codes: SeenCodes, expected: readonly string[]): string[] {
  return expected.filter((code) => !codes.has(code));
}
