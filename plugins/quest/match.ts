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

/**
 * Why a rule does not take one reward, as a number (PASS = it takes it): the matcher only compares it with PASS,
 * the explanation (explain.ts) tells it in words. One function for both, so they cannot drift.
 */
export const MISS = {
  PASS: 0,
  REWARD_TYPE: 1,
  REWARD: 2,
  FORM: 3,
  SHINY: 4,
  AMOUNT: 5,
} as const;
export type QuestMiss = (typeof MISS)[keyof typeof MISS];

function atLeast(amount: number, min: number): QuestMiss {
  return amount >= min ? MISS.PASS : MISS.AMOUNT;
}

/** The first of the rule's filters one reward fails, PASS when it satisfies the rule. */
export function rewardMiss(rule: QuestRule, reward: QuestReward): QuestMiss {
  if (rule.rewardType !== reward.type) return MISS.REWARD_TYPE;
  switch (reward.type) {
    case REWARD.pokemon:
      if (!idFits(rule.reward, reward.pokemonId)) return MISS.REWARD;
      if (!idFits(rule.form, reward.formId)) return MISS.FORM;
      return rule.shiny && !reward.shiny ? MISS.SHINY : MISS.PASS;
    case REWARD.stardust:
      return atLeast(reward.amount, Math.max(rule.reward, rule.amount));
    case REWARD.item:
      return idFits(rule.reward, reward.itemId) ? atLeast(reward.amount, rule.amount) : MISS.REWARD;
    case REWARD.candy:
    case REWARD.xlCandy:
    case REWARD.megaEnergy:
      return idFits(rule.reward, reward.pokemonId) ? atLeast(reward.amount, rule.amount) : MISS.REWARD;
    default:
      return rule.reward === 0 || rule.reward === reward.itemId || rule.reward === reward.pokemonId ? atLeast(reward.amount, rule.amount) : MISS.REWARD;
  }
}

/**
 * A rule's miss over the whole quest and the reward it is about: PASS with the first reward the rule takes, else
 * the miss of the first reward of the rule's type (REWARD_TYPE and no reward when the quest has none of that type).
 */
export interface QuestRuleMiss {
  readonly miss: QuestMiss;
  readonly reward: QuestReward | null;
}

/** What matchQuest decides for one rule before its reach: whether one of the quest's rewards satisfies it. */
export function questRuleMiss(rule: QuestRule, event: QuestEvent): QuestRuleMiss {
  let first: QuestRuleMiss | null = null;
  for (const reward of event.rewards) {
    const miss = rewardMiss(rule, reward);
    if (miss === MISS.PASS) return { miss, reward };
    if (first === null && miss !== MISS.REWARD_TYPE) first = { miss, reward };
  }
  return first ?? { miss: MISS.REWARD_TYPE, reward: null };
}

export function matchQuest(event: QuestEvent, snapshot: Snapshot, index: QuestIndex, ctx: MatchContext): Match[] {
  const matches: Match[] = [];
  const target = { snapshot, ctx, point: { latitude: event.latitude, longitude: event.longitude }, table: QUEST_TABLE, alertType: 'quest' };
  for (const reward of event.rewards) {
    const rules = index.byRewardType.get(reward.type);
    if (rules) collectReached(rules, (rule) => rewardMiss(rule, reward) === MISS.PASS, target, matches);
  }
  return oncePerHuman(matches);
}
