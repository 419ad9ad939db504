/**
 * The pure fort-update matcher: the rule's fort type (`everything` = any), `include_empty` (0 skips forts with
 * neither name nor description), `change_types` (`[]` = any, else one of the update's change kinds), then the
 * rule modes through core/match and one alert per human.
 */
import type { Snapshot } from '../../core/model.ts';
import type { Match, MatchContext } from '../../core/contract.ts';
import { collectReached, oncePerHuman } from '../../core/match/index.ts';
import { changeKinds, isEmptyFort } from './changes.ts';
import type { FortEvent } from './event.ts';
import { ANY_FORT, FORTS_TABLE, type FortIndex, type FortRule } from './rule.ts';

/**
 * Why a rule does not take a fort update, as a number (PASS = it takes it): the matcher only compares it with PASS,
 * the explanation (explain.ts) tells it in words. One function for both, so they cannot drift.
 */
export const MISS = {
  PASS: 0,
  FORT_TYPE: 1,
  EMPTY: 2,
  CHANGE_TYPE: 3,
} as const;
export type FortMiss = (typeof MISS)[keyof typeof MISS];

/** What the matcher reads of the update once for every rule (changes.ts). */
export interface FortFacts {
  readonly empty: boolean;
  readonly kinds: ReadonlySet<string>;
}

export function fortFacts(event: FortEvent): FortFacts {
  return { empty: isEmptyFort(event), kinds: changeKinds(event) };
}

/** The first of the rule's filters the update fails, PASS when none (the reach is checked apart). */
export function ruleMiss(rule: FortRule, event: FortEvent, facts: FortFacts): FortMiss {
  if (rule.fortType !== ANY_FORT && rule.fortType !== event.fortType) return MISS.FORT_TYPE;
  if (facts.empty && !rule.includeEmpty) return MISS.EMPTY;
  return rule.changeTypes.length === 0 || rule.changeTypes.some((t) => facts.kinds.has(t)) ? MISS.PASS : MISS.CHANGE_TYPE;
}

export function matchFortUpdate(event: FortEvent, snapshot: Snapshot, index: FortIndex, ctx: MatchContext): Match[] {
  const facts = fortFacts(event);
  const matches: Match[] = [];
  const target = { snapshot, ctx, point: { latitude: event.latitude, longitude: event.longitude }, table: FORTS_TABLE, alertType: 'fort-update' };
  collectReached(index.rules, (rule) => ruleMiss(rule, event, facts) === MISS.PASS, target, matches);
  return oncePerHuman(matches);
}
