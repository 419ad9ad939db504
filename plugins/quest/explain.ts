/**
 * "Why didn't I get this alert?" for a quest rule: the verdict of the matcher's own checks (match.ts: `rewardMiss`
 * over the quest's rewards, then the core's reach) put in words. Nothing is decided here that match.ts does not
 * decide the same way; this file only names what failed and the values involved. A summary rule that matches
 * fires like any other: its quest is held for the digest afterwards (`hold`), which the core reports apart.
 */
import type { ExplainedRule, MatchContext } from '../../core/contract.ts';
import { missed, otherKind, reachOf, type RuleVerdict } from '../../core/explain/verdict.ts';
import type { GameData } from '../../core/gamedata/index.ts';
import { REWARD, REWARD_TYPE_NAMES, type QuestEvent, type QuestReward } from './event.ts';
import { MISS, questRuleMiss, type QuestMiss } from './match.ts';
import { QUEST_TABLE, type QuestRule } from './rule.ts';

function typeName(type: number): string {
  return REWARD_TYPE_NAMES[type] ?? `reward type ${type}`;
}

function pokemonName(gameData: GameData, id: number, form: number): string {
  const name = gameData.pokemonName(id);
  const formName = form === 0 ? '' : gameData.formName(form);
  return formName === '' ? name : `${name} (${formName})`;
}

/** what a rule's `reward` (0 = any) names, for its reward type */
function ruleReward(rule: QuestRule, gameData: GameData): string {
  const any = rule.reward === 0;
  switch (rule.rewardType) {
    case REWARD.pokemon:
      return any ? 'any pokemon encounter' : pokemonName(gameData, rule.reward, 0);
    case REWARD.item:
      return any ? 'any item' : gameData.itemName(rule.reward);
    case REWARD.candy:
    case REWARD.xlCandy:
    case REWARD.megaEnergy:
      return `${any ? 'any pokemon' : gameData.pokemonName(rule.reward)} ${typeName(rule.rewardType)}`;
    default:
      return any ? typeName(rule.rewardType) : `${typeName(rule.rewardType)} ${rule.reward}`;
  }
}

/** what one reward is, in the terms `ruleReward` uses */
function eventReward(reward: QuestReward, gameData: GameData): string {
  switch (reward.type) {
    case REWARD.pokemon:
      return pokemonName(gameData, reward.pokemonId, reward.formId);
    case REWARD.item:
      return gameData.itemName(reward.itemId);
    case REWARD.candy:
    case REWARD.xlCandy:
    case REWARD.megaEnergy:
      return `${gameData.pokemonName(reward.pokemonId)} ${typeName(reward.type)}`;
    default: {
      const id = reward.itemId || reward.pokemonId;
      return id === 0 ? typeName(reward.type) : `${typeName(reward.type)} ${id}`;
    }
  }
}

function missWords(miss: Exclude<QuestMiss, 0>, rule: QuestRule, reward: QuestReward | null, event: QuestEvent, gameData: GameData): RuleVerdict {
  if (miss === MISS.REWARD_TYPE || reward === null) {
    const rewards = event.rewards.length === 0 ? 'nothing' : event.rewards.map((r) => typeName(r.type)).join(', ');
    return missed('reward_type', 'the rule is for {rule} rewards, the quest rewards {event}', { rule: typeName(rule.rewardType), event: rewards });
  }
  switch (miss) {
    case MISS.REWARD:
      return missed('reward', 'the rule is for {rule}, the quest rewards {event}', { rule: ruleReward(rule, gameData), event: eventReward(reward, gameData) });
    case MISS.FORM:
      return missed('form', 'the rule is for the form {rule}, the quest rewards {event}', {
        rule: pokemonName(gameData, reward.pokemonId, rule.form),
        event: pokemonName(gameData, reward.pokemonId, reward.formId),
      });
    case MISS.SHINY:
      return missed('shiny', 'the rule asks for a shiny {event}, and the scanner did not report this one shiny', { event: eventReward(reward, gameData) });
    case MISS.AMOUNT: {
      const min = reward.type === REWARD.stardust ? Math.max(rule.reward, rule.amount) : rule.amount;
      return missed('amount', 'amount {value} below the minimum {min}', { value: reward.amount, min });
    }
  }
}

/** The verdict on one quest rule for a quest, as matchQuest would decide it. */
export function explainQuestRule(event: QuestEvent, explained: ExplainedRule, ctx: MatchContext, gameData: GameData): RuleVerdict {
  if (explained.table !== QUEST_TABLE) return otherKind(explained.table);
  const rule = explained.rule as QuestRule;
  const { miss, reward } = questRuleMiss(rule, event);
  if (miss !== MISS.PASS) return missWords(miss, rule, reward, event, gameData);
  return reachOf(rule.reach, explained, event, ctx);
}
