/**
 * The match hook, pure: which active `maxbattle` rules a battle satisfies — boss (or level), form, Gigantamax,
 * move, evolution, station and the rule's reach — at most one alert per human.
 */
import type { Snapshot } from '../../core/model.ts';
import type { Match, MatchContext } from '../../core/contract.ts';
import { collectReached, oncePerHuman } from '../../core/match/index.ts';
import type { MaxBattleEvent } from './event.ts';
import { ALL_LEVELS, ANY, MAXBATTLE_TABLE, type MaxBattleIndex, type MaxBattleRule } from './rule.ts';

function bossPasses(rule: MaxBattleRule, event: MaxBattleEvent): boolean {
  if (rule.pokemonId === ANY) return rule.level === ALL_LEVELS || rule.level === event.level;
  if (rule.pokemonId !== event.pokemonId) return false;
  return rule.form === 0 || rule.form === event.form;
}

export function maxBattleRulePasses(rule: MaxBattleRule, event: MaxBattleEvent): boolean {
  if (!bossPasses(rule, event)) return false;
  if (rule.gmax && !event.gmax) return false;
  if (rule.move !== ANY && rule.move !== event.move1 && rule.move !== event.move2) return false;
  // battles carry no temporary evolution: only "any" (and 0, none) fit
  if (rule.evolution !== ANY && rule.evolution !== 0) return false;
  return rule.stationId === null || rule.stationId === event.stationId;
}

export function matchMaxBattle(event: MaxBattleEvent, snapshot: Snapshot, index: MaxBattleIndex, ctx: MatchContext): Match[] {
  const matches: Match[] = [];
  const target = { snapshot, ctx, point: { latitude: event.latitude, longitude: event.longitude }, table: MAXBATTLE_TABLE, alertType: 'maxbattle' };
  collectReached(index.rules, (rule) => maxBattleRulePasses(rule, event), target, matches);
  return oncePerHuman(matches);
}
