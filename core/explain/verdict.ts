/**
 * A rule's verdict on one event for "why didn't I get this alert?": whether it fires and, when it does not, the
 * first check it fails as a stable code plus English words with `{name}` placeholders (translated for the reader
 * like any reply). Plugins make verdicts from the same checks their `match` runs (AlertPlugin.explainRule).
 */
import type { Human, NamedLocation } from '../model.ts';
import type { EventLocation, ExplainedRule } from '../contract.ts';
import { distanceMetres } from '../geo/index.ts';
import { ruleReaches, type ReachOutcome, type RuleReach } from '../match/reach.ts';

export type VerdictValues = Readonly<Record<string, string | number>>;

/** A reason in a stable code and English words with `{name}` placeholders filled from `values`. */
export interface Reason {
  readonly code: string;
  readonly text: string;
  readonly values?: VerdictValues;
}

export interface RuleVerdict extends Reason {
  readonly fires: boolean;
  /** `fires`, or why not: `species`, `iv`, `too_far`, `outside_areas`, `profile_inactive`… (docs/explain.md lists them) */
  readonly code: string;
  /**
   * the blocked-alerts kind the core checks for a rule that fires, when it is not its table's (Match.blockKind: a
   * rule for one gym is blocked by `specificgym`, not by `raid`)
   */
  readonly blockKind?: string;
}

export const FIRES: RuleVerdict = Object.freeze({ fires: true, code: 'fires', text: 'would fire' });

/** FIRES, for a rule the core checks against another blocked-alerts kind than its table's (Match.blockKind). */
export function firesAs(blockKind: string): RuleVerdict {
  return { ...FIRES, blockKind };
}

/** A verdict that the rule does not fire, for `code`, in `text` with `values`. */
export function missed(code: string, text: string, values?: VerdictValues): RuleVerdict {
  return values ? { fires: false, code, text, values } : { fires: false, code, text };
}

/** A rule of another of the plugin's tables than the event's kind (e.g. a raid rule for an egg). */
export function otherKind(table: string): RuleVerdict {
  return missed('other_kind', 'a rule of {table} does not apply to this kind of event', { table });
}

/** The words of a range check: `below` with {value} and {min}, `above` with {value} and {max}. */
export interface RangeWords {
  readonly below: string;
  readonly above: string;
}

/** `value` lies outside [min, max]: the verdict naming the bound it misses. */
export function rangeVerdict(code: string, value: number, min: number, max: number, words: RangeWords): RuleVerdict {
  if (value < min) return missed(code, words.below, { value: round(value), min: round(min) });
  return missed(code, words.above, { value: round(value), max: round(max) });
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function km(metres: number): string {
  return metres >= 1000 ? `${round(metres / 1000)} km` : `${Math.round(metres)} m`;
}

/**
 * The verdict on where a rule reaches for an event at `point` (an event with a latitude and longitude): the core's
 * `ruleReaches`, the function every matcher asks, put in words by reachVerdict.
 */
export function reachOf(reach: RuleReach, explained: ExplainedRule, point: EventLocation, ctx: { readonly areaNames: ReadonlySet<string> }): RuleVerdict {
  const at = { latitude: point.latitude, longitude: point.longitude };
  const outcome = ruleReaches(reach, explained.human, explained.locations, at, ctx.areaNames);
  return outcome.reached ? FIRES : reachVerdict(outcome, reach, explained.human, explained.locations, at, ctx.areaNames);
}

/**
 * The verdict of a reach outcome that `ruleReaches` gave (core/match/reach.ts) for `reach` of `human`'s rule and an
 * event at `point` inside `areaNames`: FIRES when reached, else the reason in words (the distance recomputed
 * only for the words).
 */
export function reachVerdict(
  outcome: ReachOutcome,
  reach: RuleReach,
  human: Human,
  locations: ReadonlyMap<string, NamedLocation> | undefined,
  point: EventLocation,
  areaNames: ReadonlySet<string>,
): RuleVerdict {
  if (outcome.reached) return FIRES;
  switch (outcome.why) {
    case 'no_location':
      return missed('no_location', 'the rule measures {distance} from your location, and you have none set', { distance: km(reach.distance) });
    case 'no_saved_location':
      return missed('no_saved_location', 'the rule measures from your saved location "{label}", which no longer exists', { label: reach.locationLabel ?? '' });
    case 'too_far': {
      const saved = reach.locationLabel === null ? undefined : locations?.get(reach.locationLabel.toLowerCase());
      const from = saved ?? human;
      const values = { away: km(distanceMetres(from.latitude, from.longitude, point.latitude, point.longitude)), distance: km(reach.distance) };
      if (reach.locationLabel === null) return missed('too_far', "{away} away, beyond the rule's {distance} from your location", values);
      return missed('too_far', 'the event is {away} from your saved location "{label}", beyond the rule\'s {distance}', { ...values, label: reach.locationLabel });
    }
    case 'no_areas':
      return missed('no_areas', 'the event is outside every geofence, and the rule matches by area');
    case 'outside_areas': {
      const own = reach.areas ?? human.area;
      const event = [...areaNames].join(', ');
      if (reach.areas) return missed('outside_rule_areas', "the event is in {event}, outside the rule's areas {areas}", { event, areas: own.join(', ') });
      if (own.length === 0) return missed('no_areas_set', 'you have no areas set, and the rule matches by area');
      return missed('outside_areas', 'the event is in {event}, not in any of your areas ({areas})', { event, areas: own.join(', ') });
    }
  }
}
