/**
 * The match hook, pure: which active raid or egg rules an event satisfies, at most one alert per human.
 * Cheap column checks first (`ruleMiss`, shared with the explanation); the rule's reach (distance / saved location /
 * areas) last. A rule for a specific gym bypasses distance and areas and is blocked by `specificgym` instead of the
 * table's kind; that block is checked here, before one rule per human is chosen, so a blocked gym rule never hides
 * another rule of the same human (the core's check of the match's `blockKind` then has nothing left to drop).
 */
import type { Human, Snapshot } from '../../core/model.ts';
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

/** what a rule for a specific gym reaches at its gym: no distance, no origin */
export const AT_GYM: ReachOutcome = Object.freeze({ reached: true });

/** the blocked_alerts kind of a match through a rule for a specific gym (instead of the table's) */
export const SPECIFIC_GYM_KIND = 'specificgym';

/**
 * Why a rule does not pass its own filters for an event, as a number (PASS = it passes): the matcher only compares it
 * with PASS, the explanation (explain.ts) tells it in words. One function for both, so they cannot drift.
 */
export const MISS = {
  PASS: 0,
  TEAM: 1,
  EXCLUSIVE: 2,
  GYM: 3,
  RSVP_UPDATE: 4,
  NO_RSVPS: 5,
  SPECIES: 6,
  FORM: 7,
  MOVE: 8,
  EVOLUTION: 9,
  COSTUME: 10,
} as const;
export type RaidMiss = (typeof MISS)[keyof typeof MISS];

function gymMiss(rule: GymRule, event: RaidEvent, facts: RaidFacts): RaidMiss {
  if (rule.team !== ANY_TEAM && rule.team !== event.teamId) return MISS.TEAM;
  if (rule.exclusive && !event.exEligible) return MISS.EXCLUSIVE;
  if (rule.gymId !== null && rule.gymId !== event.gymId) return MISS.GYM;
  if (rule.rsvpChanges === 0 && facts.rsvpUpdate) return MISS.RSVP_UPDATE;
  if (rule.rsvpChanges === 2 && event.rsvps.length === 0) return MISS.NO_RSVPS;
  return MISS.PASS;
}

function bossMiss(rule: RaidRule, event: RaidEvent): RaidMiss {
  if (rule.pokemonId !== ANY) {
    if (rule.pokemonId !== event.pokemonId) return MISS.SPECIES;
    if (rule.form !== 0 && rule.form !== event.form) return MISS.FORM;
  }
  if (rule.move !== ANY && rule.move !== event.move1 && rule.move !== event.move2) return MISS.MOVE;
  if (rule.evolution !== ANY && rule.evolution !== event.evolution) return MISS.EVOLUTION;
  if (rule.costume !== ANY && rule.costume !== event.costume) return MISS.COSTUME;
  return MISS.PASS;
}

/**
 * The first of the rule's own filters the event fails, PASS when none: the gym columns, then (a raid rule for a
 * boss, `egg` false) the boss columns. Which rules are asked is the index's (rule-index.ts); reach and the human
 * are checked apart.
 */
export function ruleMiss(rule: GymRule, egg: boolean, event: RaidEvent, facts: RaidFacts): RaidMiss {
  const gym = gymMiss(rule, event, facts);
  if (gym !== MISS.PASS || egg) return gym;
  return bossMiss(rule as RaidRule, event);
}

/** [general] ignore_long_raids: the raid (or egg) lasts too long for anyone */
export function tooLong(event: RaidEvent, settings: RaidMatchSettings): boolean {
  return settings.ignoreLongRaids && event.end - event.start > LONG_RAID_SECONDS;
}

/** [general] alert_minimum_time: the raid ends (the egg hatches) too soon for anyone */
export function tooLittleTime(facts: RaidFacts, settings: RaidMatchSettings): boolean {
  return facts.secondsLeft < settings.alertMinimumTime;
}

/** a rule for a specific gym, of a human who blocked `specificgym` alerts */
export function specificGymBlocked(rule: GymRule, human: Human): boolean {
  return rule.gymId !== null && human.blockedAlerts?.includes(SPECIFIC_GYM_KIND) === true;
}

export function matchRaid(event: RaidEvent, facts: RaidFacts, snapshot: Snapshot, index: RaidIndex, ctx: MatchContext, settings: RaidMatchSettings): Match[] {
  if (tooLong(event, settings) || tooLittleTime(facts, settings)) return [];
  const egg = isEgg(event);
  const table = egg ? EGG_TABLE : RAID_TABLE;
  const lists: readonly (readonly GymRule[])[] = egg ? eggCandidates(index, event.level) : raidCandidates(index, event.pokemonId, event.level);
  const point = { latitude: event.latitude, longitude: event.longitude };
  const matches: Match[] = [];
  for (const list of lists)
    for (const rule of list) {
      if (ruleMiss(rule, egg, event, facts) !== MISS.PASS) continue;
      const human = snapshot.humans.get(rule.humanId);
      if (!human || specificGymBlocked(rule, human)) continue;
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
        ...(rule.gymId !== null ? { blockKind: SPECIFIC_GYM_KIND } : {}),
      });
    }
  return oncePerHuman(matches);
}
