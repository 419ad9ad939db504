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

/**
 * Why a rule does not take a lure, as a number (PASS = it takes it): the matcher only compares it with PASS, the
 * explanation (explain.ts) tells it in words. One function for both, so they cannot drift.
 */
export const MISS = {
  PASS: 0,
  LURE_TYPE: 1,
} as const;
export type LureMiss = (typeof MISS)[keyof typeof MISS];

/** The first of the rule's filters the lure fails, PASS when none (the reach is checked apart). */
export function ruleMiss(rule: LureRule, event: LureEvent): LureMiss {
  return rule.lureId === ANY_LURE || rule.lureId === event.lureId ? MISS.PASS : MISS.LURE_TYPE;
}

export function matchLure(event: LureEvent, snapshot: Snapshot, index: LureIndex, ctx: MatchContext): Match[] {
  const matches: Match[] = [];
  const target = { snapshot, ctx, point: { latitude: event.latitude, longitude: event.longitude }, table: LURES_TABLE, alertType: 'lure' };
  collectReached(index.rules, (rule) => ruleMiss(rule, event) === MISS.PASS, target, matches);
  return oncePerHuman(matches);
}
