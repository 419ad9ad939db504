/**
 * The match hook, pure: which active quest rules one of the quest's rewards satisfies, at most one alert per
 * human. A rule names a reward type; within it:
 * - item (2): `reward` = item id (0 any), at least `amount` items;
 * - stardust (3): at least `reward` dust (0 any) and at least `amount`;
 * - candy (4), XL candy (9), mega energy (12): `reward` = pokemon id (0 any), at least `amount`;
 * - pokemon (7): `reward` = pokemon id (0 any), `form` (0 any), `shiny` 1 = only shiny-flagged encounters;
 * - any other type: `reward` 0 or equal to the reward's item / pokemon id, at least `amount`.
 * The rule's reach (distance / saved location / areas) goes last: it is the only check computing a distance.
 */
import type { Snapshot } from '../../core/model.ts';
import type { Match, MatchContext } from '../../core/contract.ts';
import { collectReached, oncePerHuman } from '../../core/match/index.ts';
import { REWARD, type QuestEvent, type QuestReward } from './event.ts';
import type { QuestIndex } from './rule-index.ts';
import { QUEST_TABLE, type QuestRule } from './rule.ts';

function idFits(wanted: number, actual: number): boolean {
  return wanted === 0 || wanted === actual;
}

/** Whether one reward satisfies a rule of the same reward type. */
export function rewardFits(rule: QuestRule, reward: QuestReward): boolean {
  if (rule.rewardType !== reward.type) return false;
  switch (reward.type) {
    case REWARD.pokemon:
      return idFits(rule.reward, reward.pokemonId) && idFits(rule.form, reward.formId) && (!rule.shiny || reward.shiny);
    case REWARD.stardust:
      return reward.amount >= rule.reward && reward.amount >= rule.amount;
    case REWARD.item:
      return idFits(rule.reward, reward.itemId) && reward.amount >= rule.amount;
    case REWARD.candy:
    case REWARD.xlCandy:
    case REWARD.megaEnergy:
      return idFits(rule.reward, reward.pokemonId) && reward.amount >= rule.amount;
    default:
      return (rule.reward === 0 || rule.reward === reward.itemId || rule.reward === reward.pokemonId) && reward.amount >= rule.amount;
  }
}

export function matchQuest(event: QuestEvent, snapshot: Snapshot, index: QuestIndex, ctx: MatchContext): Match[] {
  const matches: Match[] = [];
  const target = { snapshot, ctx, point: { latitude: event.latitude, longitude: event.longitude }, table: QUEST_TABLE, alertType: 'quest' };
  for (const reward of event.rewards) {
    const rules = index.byRewardType.get(reward.type);
    if (rules) collectReached(rules, (rule) => rewardFits(rule, reward), target, matches);
  }
  return oncePerHuman(matches);
}
