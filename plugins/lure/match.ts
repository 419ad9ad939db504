/**
 * The `lures` rules and the match hook, pure: lure_id 0 = any lure, otherwise the lure's item id; then the
 * rule's reach; at most one alert per human.
 */
import type { Snapshot, TrackingRow } from '../../core/model.ts';
import type { Match, MatchContext } from '../../core/contract.ts';
import { collectReached, intColumn, oncePerHuman, readRuleReach, templateColumn, textColumn, type RuleReach } from '../../core/match/index.ts';
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
  const matches: Match[] = [];
  const target = { snapshot, ctx, point: { latitude: event.latitude, longitude: event.longitude }, table: LURES_TABLE, alertType: 'lure' };
  collectReached(index.rules, (rule) => rule.lureId === ANY_LURE || rule.lureId === event.lureId, target, matches);
  return oncePerHuman(matches);
}
