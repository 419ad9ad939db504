/**
 * The match hook, pure: the active `invasion` rules an invasion satisfies (grunt type, boss, gender, then
 * the rule's reach), at most one alert per human.
 */
import type { Snapshot } from '../../core/model.ts';
import type { Match, MatchContext } from '../../core/contract.ts';
import { collectReached, oncePerHuman } from '../../core/match/index.ts';
import type { InvasionEvent } from './event.ts';
import { ANY_BOSS, ANY_GRUNT, INVASION_TABLE, type InvasionRule } from './rule.ts';

export interface InvasionIndex {
  readonly rules: readonly InvasionRule[];
}

export function buildInvasionIndex(snapshot: Snapshot): InvasionIndex {
  return { rules: snapshot.activeRules<InvasionRule>(INVASION_TABLE) };
}

/** What the matcher needs to know about the invasion's character, from the game data. */
export interface GruntFacts {
  /** the lower-case grunt-type word (see grunt-type.ts) */
  readonly typeKey: string;
  readonly gender: number;
  readonly boss: boolean;
}

/**
 * Why a rule does not take an invasion, as a number (PASS = it takes it): the matcher only compares it with PASS,
 * the explanation (explain.ts) tells it in words. One function for both, so they cannot drift.
 */
export const MISS = {
  PASS: 0,
  GRUNT_TYPE: 1,
  GENDER: 2,
} as const;
export type InvasionMiss = (typeof MISS)[keyof typeof MISS];

function typePasses(rule: InvasionRule, facts: GruntFacts): boolean {
  if (rule.gruntType === ANY_GRUNT) return true;
  if (rule.gruntType === ANY_BOSS) return facts.boss;
  return rule.gruntType === facts.typeKey;
}

/** The first of the rule's filters the invasion fails, PASS when none (the reach is checked apart). */
export function ruleMiss(rule: InvasionRule, facts: GruntFacts): InvasionMiss {
  if (!typePasses(rule, facts)) return MISS.GRUNT_TYPE;
  return rule.gender === 0 || rule.gender === facts.gender ? MISS.PASS : MISS.GENDER;
}

export function matchInvasion(event: InvasionEvent, facts: GruntFacts, snapshot: Snapshot, index: InvasionIndex, ctx: MatchContext): Match[] {
  const matches: Match[] = [];
  const target = { snapshot, ctx, point: { latitude: event.latitude, longitude: event.longitude }, table: INVASION_TABLE, alertType: 'invasion' };
  collectReached(index.rules, (rule) => ruleMiss(rule, facts) === MISS.PASS, target, matches);
  return oncePerHuman(matches);
}
