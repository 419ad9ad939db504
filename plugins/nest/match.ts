/**
 * The match hook, pure: which active nest rules a nest report satisfies (species and form, the least
 * spawns per hour: `ruleMiss`, shared with the explanation; then the rule's reach), at most one alert per human.
 */
import type { Snapshot } from '../../core/model.ts';
import type { Match, MatchContext } from '../../core/contract.ts';
import { collectReached, oncePerHuman } from '../../core/match/index.ts';
import type { NestEvent } from './event.ts';
import { NESTS_TABLE, type NestIndex, type NestRule } from './rule.ts';

/**
 * Why a rule does not pass its filters for a nest, as a number (PASS = it passes): the matcher only compares it with
 * PASS, the explanation (explain.ts) tells it in words. One function for both, so they cannot drift.
 */
export const MISS = {
  PASS: 0,
  SPECIES: 1,
  FORM: 2,
  SPAWN_AVG: 3,
} as const;
export type NestMiss = (typeof MISS)[keyof typeof MISS];

/** The first of the rule's filters the nest fails, PASS when none (reach and the human are checked apart). */
export function ruleMiss(rule: NestRule, event: NestEvent): NestMiss {
  if (rule.pokemonId !== 0 && rule.pokemonId !== event.pokemonId) return MISS.SPECIES;
  if (rule.form !== 0 && rule.form !== event.form) return MISS.FORM;
  return event.pokemonAvg >= rule.minSpawnAvg ? MISS.PASS : MISS.SPAWN_AVG;
}

export function matchNest(event: NestEvent, snapshot: Snapshot, index: NestIndex, ctx: MatchContext): Match[] {
  const matches: Match[] = [];
  const target = { snapshot, ctx, point: { latitude: event.latitude, longitude: event.longitude }, table: NESTS_TABLE, alertType: 'nest' };
  collectReached(index.rules, (rule) => ruleMiss(rule, event) === MISS.PASS, target, matches);
  return oncePerHuman(matches);
}
