/**
 * The match hook, pure: which active raid or egg rules an event satisfies, at most one alert per human.
 * Cheap column checks first; the rule's reach (distance / saved location / areas) last. A rule for a specific
 * gym bypasses distance and areas and is blocked by `specificgym` instead of the table's kind.
 */
import type { Snapshot } from '../../core/model.ts';
import type { Match, MatchContext } from '../../core/contract.ts';
import { oncePerHuman, ruleReaches, type ReachOutcome } from '../../core/match/index.ts';
import { isEgg, type RaidEvent } from './event.ts';
import { eggCandidates, raidCandidates, type RaidIndex } from './rule-index.ts';
import { ANY, ANY_TEAM, EGG_TABLE, RAID_TABLE, type GymRule, type RaidRule } from './rule.ts';

/** [general] ignore_long_raids: raids lasting longer than this (seconds) are ignored */
export const LONG_RAID_SECONDS = 47 * 60;

export interface RaidMatchSettings {
  /** [general] alert_minimum_time, seconds */
  readonly alertMinimumTime: number;
  /** [general] ignore_long_raids */
  readonly ignoreLongRaids: boolean;
}

/** What the matcher is told about the event besides its fields. */
export interface RaidFacts {
  /** seconds until the raid ends (raid) or the egg hatches (egg) */
  readonly secondsLeft: number;
  /** the same raid was announced before and only its RSVPs changed */
  readonly rsvpUpdate: boolean;
}

function gymPasses(rule: GymRule, event: RaidEvent, facts: RaidFacts): boolean {
  if (rule.team !== ANY_TEAM && rule.team !== event.teamId) return false;
  if (rule.exclusive && !event.exEligible) return false;
  if (rule.gymId !== null && rule.gymId !== event.gymId) return false;
  if (rule.rsvpChanges === 0 && facts.rsvpUpdate) return false;
  if (rule.rsvpChanges === 2 && event.rsvps.length === 0) return false;
  return true;
}

function bossPasses(rule: RaidRule, event: RaidEvent): boolean {
  if (rule.pokemonId !== ANY) {
    if (rule.pokemonId !== event.pokemonId) return false;
    if (rule.form !== 0 && rule.form !== event.form) return false;
  }
  if (rule.move !== ANY && rule.move !== event.move1 && rule.move !== event.move2) return false;
  if (rule.evolution !== ANY && rule.evolution !== event.evolution) return false;
  if (rule.costume !== ANY && rule.costume !== event.costume) return false;
  return true;
}

const AT_GYM: ReachOutcome = Object.freeze({ reached: true });

export function matchRaid(event: RaidEvent, facts: RaidFacts, snapshot: Snapshot, index: RaidIndex, ctx: MatchContext, settings: RaidMatchSettings): Match[] {
  if (settings.ignoreLongRaids && event.end - event.start > LONG_RAID_SECONDS) return [];
  if (facts.secondsLeft < settings.alertMinimumTime) return [];
  const egg = isEgg(event);
  const table = egg ? EGG_TABLE : RAID_TABLE;
  const lists: readonly (readonly GymRule[])[] = egg ? eggCandidates(index, event.level) : raidCandidates(index, event.pokemonId, event.level);
  const point = { latitude: event.latitude, longitude: event.longitude };
  const matches: Match[] = [];
  for (const list of lists)
    for (const rule of list) {
      if (!gymPasses(rule, event, facts)) continue;
      if (!egg && !bossPasses(rule as RaidRule, event)) continue;
      const human = snapshot.humans.get(rule.humanId);
      if (!human) continue;
      const reach = rule.gymId !== null ? AT_GYM : ruleReaches(rule.reach, human, snapshot.locations.get(human.id), point, ctx.areaNames);
      if (!reach.reached) continue;
      matches.push({
        human,
        table,
        ruleUid: rule.uid,
        alertType: egg ? 'egg' : 'raid',
        templateId: rule.templateId,
        ping: rule.ping,
        clean: rule.clean,
        distanceM: reach.distanceM,
        origin: reach.origin,
        ...(rule.gymId !== null ? { blockKind: 'specificgym' } : {}),
      });
    }
  return oncePerHuman(matches);
}
