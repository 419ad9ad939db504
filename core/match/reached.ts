/**
 * The part of a match hook every alert type repeats: for each rule that passed the plugin's own filters, the
 * rule's human must exist and the rule must reach the event's point (its distance, saved location, area
 * override or the human's areas); each such rule becomes a Match. Duplicates per human are left for the caller
 * (oncePerHuman), so a plugin can collect several passes before choosing one alert per human.
 */
import type { Snapshot } from '../model.ts';
import type { EventLocation, Match, MatchContext } from '../contract.ts';
import { ruleReaches, type RuleReach } from './reach.ts';

/** What every plugin's typed rule carries for this step. */
export interface ReachableRule {
  readonly uid: number;
  readonly humanId: string;
  readonly reach: RuleReach;
  readonly templateId: string | null;
  readonly ping: string;
  /** rules of a table without a `clean` column leave it out (0) */
  readonly clean?: number;
}

export interface MatchTarget {
  readonly snapshot: Snapshot;
  readonly ctx: MatchContext;
  readonly point: EventLocation;
  readonly table: string;
  readonly alertType: string;
}

/** Appends to `into` a Match for every rule in `rules` that `passes` and reaches the point. */
export function collectReached<R extends ReachableRule>(rules: Iterable<R>, passes: (rule: R) => boolean, target: MatchTarget, into: Match[]): void {
  const { snapshot, ctx, point } = target;
  for (const rule of rules) {
    if (!passes(rule)) continue;
    const human = snapshot.humans.get(rule.humanId);
    if (!human) continue;
    const reach = ruleReaches(rule.reach, human, snapshot.locations.get(human.id), point, ctx.areaNames);
    if (!reach.reached) continue;
    into.push({
      human,
      table: target.table,
      ruleUid: rule.uid,
      alertType: target.alertType,
      templateId: rule.templateId,
      ping: rule.ping,
      clean: rule.clean ?? 0,
      distanceM: reach.distanceM,
      origin: reach.origin,
    });
  }
}
