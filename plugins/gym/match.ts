/**
 * The pure gym matcher. A rule fires for a gym whose new team it accepts (4 = any) when the team changed, or
 * with `slot_changes` when the free slots changed, or with `battle_changes` (and [tracking] enable_gym_battle)
 * when the gym went into battle. A gym seen for the first time has nothing to compare and matches nothing.
 * Specific-gym rules (`gym_id`) skip distance and areas and are blocked by `specificgym`.
 */
import type { Snapshot } from '../../core/model.ts';
import type { Match, MatchContext } from '../../core/contract.ts';
import { oncePerHuman, ruleReaches, type ReachOutcome } from '../../core/match/index.ts';
import type { GymEvent } from './event.ts';
import { ANY_TEAM, GYM_TABLE, type GymIndex, type GymRule } from './rule.ts';

export interface GymMatchSettings {
  /** [tracking] enable_gym_battle */
  readonly battleAlerts: boolean;
}

function ruleFires(rule: GymRule, event: GymEvent, settings: GymMatchSettings): boolean {
  const change = event.change;
  if (!change) return false;
  if (rule.team !== ANY_TEAM && rule.team !== event.state.team) return false;
  if (rule.gymId !== null && rule.gymId !== event.gymId) return false;
  if (change.teamChanged) return true;
  if (rule.slotChanges && change.slotsChanged) return true;
  return rule.battleChanges && settings.battleAlerts && change.battleStarted;
}

const SPECIFIC_GYM: ReachOutcome = { reached: true };

export function matchGym(event: GymEvent, snapshot: Snapshot, index: GymIndex, ctx: MatchContext, settings: GymMatchSettings): Match[] {
  if (!event.change) return [];
  const point = { latitude: event.latitude, longitude: event.longitude };
  const matches: Match[] = [];
  for (const rule of index.rules) {
    if (!ruleFires(rule, event, settings)) continue;
    const human = snapshot.humans.get(rule.humanId);
    if (!human) continue;
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
      ...(rule.gymId !== null ? { blockKind: 'specificgym' } : {}),
    });
  }
  return oncePerHuman(matches);
}
