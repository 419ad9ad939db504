/**
 * The match hook, pure: which active `maxbattle` rules a battle satisfies — boss (or level), form, Gigantamax,
 * move, evolution, station (`ruleMiss`, shared with the explanation) and the rule's reach — at most one alert per
 * human.
 */
import type { Snapshot } from '../../core/model.ts';
import type { Match, MatchContext } from '../../core/contract.ts';
import { collectReached, oncePerHuman } from '../../core/match/index.ts';
import type { MaxBattleEvent } from './event.ts';
import { ALL_LEVELS, ANY, MAXBATTLE_TABLE, type MaxBattleIndex, type MaxBattleRule } from './rule.ts';

/**
 * Why a rule does not pass its filters for a battle, as a number (PASS = it passes): the matcher only compares it with
 * PASS, the explanation (explain.ts) tells it in words. One function for both, so they cannot drift.
 */
export const MISS = {
  PASS: 0,
  LEVEL: 1,
  SPECIES: 2,
  FORM: 3,
  GMAX: 4,
  MOVE: 5,
  EVOLUTION: 6,
  STATION: 7,
} as const;
export type MaxBattleMiss = (typeof MISS)[keyof typeof MISS];

function bossMiss(rule: MaxBattleRule, event: MaxBattleEvent): MaxBattleMiss {
  if (rule.pokemonId === ANY) return rule.level === ALL_LEVELS || rule.level === event.level ? MISS.PASS : MISS.LEVEL;
  if (rule.pokemonId !== event.pokemonId) return MISS.SPECIES;
  return rule.form === 0 || rule.form === event.form ? MISS.PASS : MISS.FORM;
}

/** The first of the rule's filters the battle fails, PASS when none (reach and the human are checked apart). */
export function ruleMiss(rule: MaxBattleRule, event: MaxBattleEvent): MaxBattleMiss {
  const boss = bossMiss(rule, event);
  if (boss !== MISS.PASS) return boss;
  if (rule.gmax && !event.gmax) return MISS.GMAX;
  if (rule.move !== ANY && rule.move !== event.move1 && rule.move !== event.move2) return MISS.MOVE;
  // battles carry no temporary evolution: only "any" (and 0, none) fit
  if (rule.evolution !== ANY && rule.evolution !== 0) return MISS.EVOLUTION;
  return rule.stationId === null || rule.stationId === event.stationId ? MISS.PASS : MISS.STATION;
}

export function matchMaxBattle(event: MaxBattleEvent, snapshot: Snapshot, index: MaxBattleIndex, ctx: MatchContext): Match[] {
  const matches: Match[] = [];
  const target = { snapshot, ctx, point: { latitude: event.latitude, longitude: event.longitude }, table: MAXBATTLE_TABLE, alertType: 'maxbattle' };
  collectReached(index.rules, (rule) => ruleMiss(rule, event) === MISS.PASS, target, matches);
  return oncePerHuman(matches);
}
