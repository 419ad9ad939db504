/**
 * The pure gym matcher. A rule fires for a gym whose new team it accepts (4 = any) when the team changed, or
 * with `slot_changes` when the free slots changed, or with `battle_changes` (and [tracking] enable_gym_battle)
 * when the gym went into battle. A gym seen for the first time has nothing to compare and matches nothing.
 * Specific-gym rules (`gym_id`) skip distance and areas and are blocked by `specificgym`, checked here before one
 * rule per human is chosen (a blocked one never hides the human's other rules). The per-rule decision
 * (`ruleMiss`) is shared with the explanation (explain.ts).
 */
import type { Human, Snapshot } from '../../core/model.ts';
import type { Match, MatchContext } from '../../core/contract.ts';
import { oncePerHuman, ruleReaches, type ReachOutcome } from '../../core/match/index.ts';
import type { GymEvent } from './event.ts';
import { ANY_TEAM, GYM_TABLE, type GymIndex, type GymRule } from './rule.ts';

export interface GymMatchSettings {
  /** [tracking] enable_gym_battle */
  readonly battleAlerts: boolean;
}

/**
 * Why a rule does not fire for a gym update, as a number (PASS = it fires): the matcher only compares it with PASS,
 * the explanation (explain.ts) tells it in words. One function for both, so they cannot drift.
 */
export const MISS = {
  PASS: 0,
  /** the gym was seen for the first time: nothing to compare */
  FIRST_SEEN: 1,
  TEAM: 2,
  GYM: 3,
  /** the gym went into battle, the rule follows battles, and [tracking] enable_gym_battle is off */
  BATTLES_OFF: 4,
  /** nothing the rule follows changed */
  NO_CHANGE: 5,
} as const;
export type GymMiss = (typeof MISS)[keyof typeof MISS];

/** The first reason the rule does not fire for the update, PASS when it fires (reach and the human are checked apart). */
export function ruleMiss(rule: GymRule, event: GymEvent, settings: GymMatchSettings): GymMiss {
  const change = event.change;
  if (!change) return MISS.FIRST_SEEN;
  if (rule.team !== ANY_TEAM && rule.team !== event.state.team) return MISS.TEAM;
  if (rule.gymId !== null && rule.gymId !== event.gymId) return MISS.GYM;
  if (change.teamChanged) return MISS.PASS;
  if (rule.slotChanges && change.slotsChanged) return MISS.PASS;
  if (rule.battleChanges && change.battleStarted) return settings.battleAlerts ? MISS.PASS : MISS.BATTLES_OFF;
  return MISS.NO_CHANGE;
}

/** what a rule for a specific gym reaches at its gym: no distance, no origin */
export const SPECIFIC_GYM: ReachOutcome = { reached: true };

/** the blocked_alerts kind of a match through a rule for a specific gym (instead of the table's) */
export const SPECIFIC_GYM_KIND = 'specificgym';

/** a rule for a specific gym, of a human who blocked `specificgym` alerts */
export function specificGymBlocked(rule: GymRule, human: Human): boolean {
  return rule.gymId !== null && human.blockedAlerts?.includes(SPECIFIC_GYM_KIND) === true;
}

export function matchGym(event: GymEvent, snapshot: Snapshot, index: GymIndex, ctx: MatchContext, settings: GymMatchSettings): Match[] {
  if (!event.change) return [];
  const point = { latitude: event.latitude, longitude: event.longitude };
  const matches: Match[] = [];
  for (const rule of index.rules) {
    if (ruleMiss(rule, event, settings) !== MISS.PASS) continue;
    const human = snapshot.humans.get(rule.humanId);
    if (!human || specificGymBlocked(rule, human)) continue;
    const reach = rule.gymId !== null ? SPECIFIC_GYM : ruleReaches(rule.reach, human, snapshot.locations.get(human.id), point, ctx.areaNames);
    if (!reach.reached) continue;
    matches.push({
      human,
      table: GYM_TABLE,
      ruleUid: rule.uid,
      alertType: 'gym',
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
