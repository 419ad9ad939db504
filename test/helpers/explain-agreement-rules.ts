/**
 * What issue 24 asks of every plugin's explanation, as a check the plugin tests share: for an event, a human is
 * among `plugin.match`'s recipients exactly when one of its rules' `explainRule` verdicts fires, and the rule it was
 * matched by fires. Plus seeded random humans, saved locations and rule reach columns (distance, saved location,
 * area override) for the property tests.
 */
import type { AlertPlugin, ExplainedRule, MatchContext } from '../../core/contract.ts';
import type { RuleVerdict } from '../../core/explain/verdict.ts';
import type { Human, NamedLocation, Snapshot, TrackingRow } from '../../core/model.ts';
import type { Random } from '../bench/random.ts';
import { human } from './humans.ts';

/** One rule as stored: its table and row. */
export interface StoredRule {
  readonly table: string;
  readonly row: TrackingRow;
}

/** A stored rule put to explainRule as the core would: read by its table's `read`, with its human and saved locations. */
export function explainedRule<E, I>(plugin: AlertPlugin<E, I>, snapshot: Snapshot, stored: StoredRule, owner: Human): ExplainedRule {
  const spec = plugin.trackingTables?.find((t) => t.table === stored.table);
  if (!spec) throw new Error(`${plugin.name} has no table ${stored.table}`);
  return { table: stored.table, rule: spec.read ? spec.read(stored.row) : stored.row, human: owner, locations: snapshot.locations.get(owner.id) };
}

/** The verdict explainRule gives a stored rule. */
export function verdictOf<E, I>(plugin: AlertPlugin<E, I>, snapshot: Snapshot, event: E, ctx: MatchContext, stored: StoredRule, owner: Human): RuleVerdict {
  if (!plugin.explainRule) throw new Error(`${plugin.name} has no explainRule`);
  return plugin.explainRule(event, explainedRule(plugin, snapshot, stored, owner), ctx);
}

/** Placeholders of a verdict's words that its values do not fill. */
export function unfilledPlaceholders(verdict: RuleVerdict): string[] {
  const names = [...verdict.text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return names.filter((name) => verdict.values?.[name] === undefined);
}

export interface Agreement {
  /** humans one of whose rules fires (and who were matched) */
  readonly fired: number;
  /** humans with rules none of which fires (and who were not matched) */
  readonly missed: number;
  /** what disagrees, in words; empty when explain and match agree */
  readonly disagreements: readonly string[];
  /** every verdict code given */
  readonly codes: ReadonlySet<string>;
}

/**
 * Matches `event` (its ctx as the pipeline made it) and explains every stored rule of every human: where explain and
 * match disagree, or a verdict's words have a placeholder without a value.
 */
export function agreement<E, I>(plugin: AlertPlugin<E, I>, snapshot: Snapshot, event: E, ctx: MatchContext, humans: readonly Human[], rules: readonly StoredRule[], label: string): Agreement {
  const matches = plugin.match(event, snapshot, snapshot.index<I>(plugin.name), ctx);
  const disagreements: string[] = [];
  const codes = new Set<string>();
  let fired = 0;
  let missed = 0;
  for (const owner of humans) {
    const own = rules.filter((r) => r.row.id === owner.id);
    const verdicts = new Map(own.map((r) => [r.row.uid, verdictOf(plugin, snapshot, event, ctx, r, owner)] as const));
    for (const [uid, v] of verdicts) {
      codes.add(v.code);
      const unfilled = unfilledPlaceholders(v);
      if (unfilled.length > 0) disagreements.push(`${label}: rule ${uid} verdict "${v.text}" leaves {${unfilled.join('}, {')}} unfilled`);
    }
    const fires = [...verdicts.values()].some((v) => v.fires);
    const match = matches.find((m) => m.human.id === owner.id);
    if (fires !== (match !== undefined)) {
      const said = own.map((r) => `${r.row.uid}: ${verdicts.get(r.row.uid)!.code}`).join('; ');
      disagreements.push(`${label}: human ${owner.id} ${match ? `matched by rule ${match.ruleUid}` : 'not matched'}, explain says ${fires ? 'fires' : 'none fires'} (${said})`);
    } else if (match && verdicts.get(match.ruleUid)?.fires !== true) {
      disagreements.push(`${label}: human ${owner.id} matched by rule ${match.ruleUid}, whose verdict is ${verdicts.get(match.ruleUid)?.code ?? 'missing'}`);
    }
    if (own.length > 0) {
      if (fires) fired++;
      else missed++;
    }
  }
  return { fired, missed, disagreements, codes };
}

/** The middle of the random events and humans (the Old Town of the plugin fixtures). */
export const CENTRE = { latitude: 48.1365, longitude: 11.572 } as const;
/** the area names random humans, rules and events use */
export const AREAS = ['old town', 'riverside', 'harbour'] as const;

/** a point within about 3 km of the centre */
export function randomPoint(r: Random): { latitude: number; longitude: number } {
  return { latitude: CENTRE.latitude + (r.next() - 0.5) * 0.05, longitude: CENTRE.longitude + (r.next() - 0.5) * 0.07 };
}

/** some of the areas (possibly none) */
export function randomAreas(r: Random): string[] {
  return AREAS.filter(() => r.chance(0.4));
}

/** a human with random areas, a location or none (0,0), and perhaps some blocked alert kinds from `kinds` */
export function randomHuman(r: Random, id: string, kinds: readonly string[] = []): Human {
  const at = r.chance(0.75) ? randomPoint(r) : { latitude: 0, longitude: 0 };
  const blocked = kinds.filter(() => r.chance(0.15));
  return human(id, { area: randomAreas(r), ...at, blockedAlerts: blocked.length > 0 ? blocked : null });
}

let nextLocationUid = 90_000;

/** the human's saved locations: `home` and `work`, each perhaps */
export function randomLocations(r: Random, humanId: string): NamedLocation[] {
  return ['home', 'work'].filter(() => r.chance(0.6)).map((label) => ({ uid: ++nextLocationUid, humanId, label, ...randomPoint(r) }));
}

/** where a random rule applies: the human's areas, an area override, a distance from the human or from a saved location (perhaps gone) */
export function randomReach(r: Random): Record<string, unknown> {
  const distance = r.chance(0.5) ? 0 : r.int(100, 4000);
  const label = distance > 0 && r.chance(0.4) ? r.pick(['home', 'Work', 'gone']) : null;
  const areas = distance === 0 && r.chance(0.3) ? JSON.stringify(randomAreas(r).map((a) => (r.chance(0.5) ? a.toUpperCase() : a))) : null;
  return { distance, override_location_label: label, override_areas: areas };
}

/**
 * The agreements of one property test added up, and whether the run proved something: explain and match agreed
 * every time, enough humans fired and enough missed, and every expected code was given.
 */
export class AgreementTally {
  private fired = 0;
  private missed = 0;
  private readonly codes = new Set<string>();
  private readonly disagreements: string[] = [];

  add(result: Agreement): void {
    this.fired += result.fired;
    this.missed += result.missed;
    result.codes.forEach((c) => this.codes.add(c));
    this.disagreements.push(...result.disagreements);
  }

  /** what is wrong with the run (empty when nothing is) */
  problems(expected: readonly string[], least = 50): string[] {
    const unseen = expected.filter((c) => !this.codes.has(c));
    return [
      ...this.disagreements,
      ...(this.fired < least ? [`only ${this.fired} firing cases`] : []),
      ...(this.missed < least ? [`only ${this.missed} missing cases`] : []),
      ...(unseen.length > 0 ? [`codes never given: ${unseen.join(', ')} (seen: ${[...this.codes].sort().join(', ')})`] : []),
    ];
  }
}
