/**
 * The match hook, pure: which active nest rules a nest report satisfies (species and form, the least
 * spawns per hour, the rule's reach), at most one alert per human.
 */
import type { Snapshot } from '../../core/model.ts';
import type { Match, MatchContext } from '../../core/contract.ts';
import { collectReached, oncePerHuman } from '../../core/match/index.ts';
import type { NestEvent } from './event.ts';
import { NESTS_TABLE, type NestIndex, type NestRule } from './rule.ts';

export function nestRulePasses(rule: NestRule, event: NestEvent): boolean {
  if (rule.pokemonId !== 0 && rule.pokemonId !== event.pokemonId) return false;
  if (rule.form !== 0 && rule.form !== event.form) return false;
  return event.pokemonAvg >= rule.minSpawnAvg;
}

export function matchNest(event: NestEvent, snapshot: Snapshot, index: NestIndex, ctx: MatchContext): Match[] {
  const matches: Match[] = [];
  const target = { snapshot, ctx, point: { latitude: event.latitude, longitude: event.longitude }, table: NESTS_TABLE, alertType: 'nest' };
  collectReached(index.rules, (rule) => nestRulePasses(rule, event), target, matches);
  return oncePerHuman(matches);
}
