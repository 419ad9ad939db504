/**
 * The `lures` rules and the match hook, pure: lure_id 0 = any lure, otherwise the lure's item id; then the
 * rule's reach; at most one alert per human.
 */
import type { Match, MatchContext, Snapshot, TrackingRow } from '../../core/contract.ts';
import { intColumn, oncePerHuman, readRuleReach, ruleReaches, templateColumn, textColumn, type RuleReach } from '../../core/match/index.ts';
import type { LureEvent } from './event.ts';

export const LURES_TABLE = 'lures';
export const ANY_LURE = 0;

export interface LureRule {
  readonly uid: number;
  readonly humanId: string;
  readonly lureId: number;
  readonly reach: RuleReach;
  readonly templateId: string | null;
  readonly ping: string;
  readonly clean: number;
}

export interface LureIndex {
  readonly rules: readonly LureRule[];
}

export function readLureRule(row: TrackingRow): LureRule {
  return {
    uid: row.uid,
    humanId: row.id,
    lureId: intColumn(row, 'lure_id', ANY_LURE),
    reach: readRuleReach(row),
    templateId: templateColumn(row),
    ping: textColumn(row, 'ping'),
    clean: intColumn(row, 'clean', 0),
  };
}

export function buildLureIndex(snapshot: Snapshot): LureIndex {
  return { rules: snapshot.activeRules<LureRule>(LURES_TABLE) };
}

export function matchLure(event: LureEvent, snapshot: Snapshot, index: LureIndex, ctx: MatchContext): Match[] {
  const point = { latitude: event.latitude, longitude: event.longitude };
  const matches: Match[] = [];
  for (const rule of index.rules) {
    if (rule.lureId !== ANY_LURE && rule.lureId !== event.lureId) continue;
    const human = snapshot.humans.get(rule.humanId);
    if (!human) continue;
    const reach = ruleReaches(rule.reach, human, snapshot.locations.get(human.id), point, ctx.areaNames);
    if (!reach.reached) continue;
    matches.push({
      human,
      table: LURES_TABLE,
      ruleUid: rule.uid,
      alertType: 'lure',
      templateId: rule.templateId,
      ping: rule.ping,
      clean: rule.clean,
      distanceM: reach.distanceM,
      origin: reach.origin,
    });
  }
  return oncePerHuman(matches);
}
