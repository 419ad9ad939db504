/**
 * The match hook, pure: the active `invasion` rules an invasion satisfies (grunt type, boss, gender, then
 * the rule's reach), at most one alert per human.
 */
import type { Match, MatchContext, Snapshot } from '../../core/contract.ts';
import { oncePerHuman, ruleReaches } from '../../core/match/index.ts';
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

function typePasses(rule: InvasionRule, facts: GruntFacts): boolean {
  if (rule.gruntType === ANY_GRUNT) return true;
  if (rule.gruntType === ANY_BOSS) return facts.boss;
  return rule.gruntType === facts.typeKey;
}

export function matchInvasion(event: InvasionEvent, facts: GruntFacts, snapshot: Snapshot, index: InvasionIndex, ctx: MatchContext): Match[] {
  const point = { latitude: event.latitude, longitude: event.longitude };
  const matches: Match[] = [];
  for (const rule of index.rules) {
    if (!typePasses(rule, facts)) continue;
    if (rule.gender !== 0 && rule.gender !== facts.gender) continue;
    const human = snapshot.humans.get(rule.humanId);
    if (!human) continue;
    const reach = ruleReaches(rule.reach, human, snapshot.locations.get(human.id), point, ctx.areaNames);
    if (!reach.reached) continue;
    matches.push({
      human,
      table: INVASION_TABLE,
      ruleUid: rule.uid,
      alertType: 'invasion',
      templateId: rule.templateId,
      ping: rule.ping,
      clean: rule.clean,
      distanceM: reach.distanceM,
      origin: reach.origin,
    });
  }
  return oncePerHuman(matches);
}
