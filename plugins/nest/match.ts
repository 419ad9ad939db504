/**
 * The match hook, pure: which active nest rules a nest report satisfies (species and form, the least
 * spawns per hour, the rule's reach), at most one alert per human.
 */
import type { Match, MatchContext, Snapshot } from '../../core/contract.ts';
import { oncePerHuman, ruleReaches } from '../../core/match/index.ts';
import type { NestEvent } from './event.ts';
import { NESTS_TABLE, type NestIndex, type NestRule } from './rule.ts';

export function nestRulePasses(rule: NestRule, event: NestEvent): boolean {
  if (rule.pokemonId !== 0 && rule.pokemonId !== event.pokemonId) return false;
  if (rule.form !== 0 && rule.form !== event.form) return false;
  return event.pokemonAvg >= rule.minSpawnAvg;
}

export function matchNest(event: NestEvent, snapshot: Snapshot, index: NestIndex, ctx: MatchContext): Match[] {
  const point = { latitude: event.latitude, longitude: event.longitude };
  const matches: Match[] = [];
  for (const rule of index.rules) {
    if (!nestRulePasses(rule, event)) continue;
    const human = snapshot.humans.get(rule.humanId);
    if (!human) continue;
    const reach = ruleReaches(rule.reach, human, snapshot.locations.get(human.id), point, ctx.areaNames);
    if (!reach.reached) continue;
    matches.push({
      human,
      table: NESTS_TABLE,
      ruleUid: rule.uid,
      alertType: 'nest',
      templateId: rule.templateId,
      ping: rule.ping,
      clean: rule.clean,
      distanceM: reach.distanceM,
      origin: reach.origin,
    });
  }
  return oncePerHuman(matches);
}
