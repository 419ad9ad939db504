/**
 * "Why didn't I get this alert?" for a gym rule: the verdict of the matcher's own checks (match.ts: `ruleMiss`, the
 * specific-gym block, and the core's reach) put in words. Nothing is decided here that match.ts does not decide the
 * same way; this file only names what failed and the values involved.
 */
import type { ExplainedRule, MatchContext } from '../../core/contract.ts';
import { firesAs, missed, otherKind, reachOf, type RuleVerdict } from '../../core/explain/verdict.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import type { GymEvent } from './event.ts';
import { MISS, ruleMiss, SPECIFIC_GYM_KIND, specificGymBlocked, type GymMiss, type GymMatchSettings } from './match.ts';
import { GYM_TABLE, type GymRule } from './rule.ts';

/** what else than team changes the rule follows, for the words */
function alsoFollows(rule: GymRule): string {
  if (rule.slotChanges && rule.battleChanges) return 'free slots and battles';
  return rule.slotChanges ? 'free slots' : 'battles';
}

function missWords(miss: Exclude<GymMiss, 0>, rule: GymRule, event: GymEvent, gameData: GameData): RuleVerdict {
  const gym = event.name || event.gymId;
  switch (miss) {
    case MISS.FIRST_SEEN:
      return missed('first_seen', 'the gym {gym} was seen for the first time, so nothing could have changed', { gym });
    case MISS.TEAM:
      return missed('team', 'the rule asks for gyms of {rule}, the gym is now {event}', { rule: gameData.teamName(rule.team), event: gameData.teamName(event.state.team) });
    case MISS.GYM:
      return missed('gym', 'the rule is for the gym {rule}, the update is for {event} ({id})', { rule: rule.gymId ?? '', event: gym, id: event.gymId });
    case MISS.BATTLES_OFF:
      return missed('battles_off', 'the gym went into battle, but battle alerts are off ([tracking] enable_gym_battle)');
    case MISS.NO_CHANGE: {
      const team = gameData.teamName(event.state.team);
      if (!rule.slotChanges && !rule.battleChanges) return missed('no_change', 'the team stayed {team}, and the rule alerts only on team changes', { team });
      return missed('no_change', 'the team stayed {team}; the rule also follows {what}, which did not change', { team, what: alsoFollows(rule) });
    }
  }
}

/** The verdict on one gym rule for a gym update, as matchGym would decide it. */
export function explainGymRule(event: GymEvent, explained: ExplainedRule, ctx: MatchContext, settings: GymMatchSettings, gameData: GameData): RuleVerdict {
  if (explained.table !== GYM_TABLE) return otherKind(explained.table);
  const rule = explained.rule as GymRule;
  const miss = ruleMiss(rule, event, settings);
  if (miss !== MISS.PASS) return missWords(miss, rule, event, gameData);
  if (specificGymBlocked(rule, explained.human)) return missed('blocked_kind', 'you blocked {kind} alerts', { kind: SPECIFIC_GYM_KIND });
  if (rule.gymId !== null) return firesAs(SPECIFIC_GYM_KIND); // at its gym, whatever the distance and areas
  return reachOf(rule.reach, explained, event, ctx);
}
