/**
 * The `quest` command: parses the arguments into `quest` rules and saves them for the target's current profile
 * (same reward, amount and shiny filter → unchanged or updated), or with `remove` removes the rules of the
 * rewards named (all of them when none is named) and those given by `id:<uid>`.
 */
import type { CommandDefinition, CommandInvocation, CommandReply } from '../../../core/commands/types.ts';
import type { Human, TrackingRow } from '../../../core/model.ts';
import { message, resolveReach } from '../../../core/commands/tracking/index.ts';
import { reachOptionsFor, refusalOf, removeKeyedRules, saveKeyedRules, type KeyedRuleTable, type RuleDraft } from '../../../core/commands/tracking/keyed-rules.ts';
import { intColumn } from '../../../core/match/index.ts';
import { QUEST_TABLE } from '../rule.ts';
import { SUMMARY_BIT } from '../summary/service.ts';
import { describeQuestRule } from './describe.ts';
import { parseQuestArgs, type QuestRequest } from './parse.ts';

export const QUEST_RULES: KeyedRuleTable = {
  table: QUEST_TABLE,
  keyColumns: ['reward_type', 'reward', 'form', 'amount', 'shiny'],
  alertTypes: ['quest'],
  describe: describeQuestRule,
};

function removeSelection(request: QuestRequest): (row: TrackingRow) => boolean {
  const { picks, common } = request;
  if (picks.length === 0) return () => common.uids.length === 0;
  return (row) =>
    picks.some(
      (p) =>
        intColumn(row, 'reward_type', 0) === p.rewardType &&
        (p.reward === 0 || intColumn(row, 'reward', 0) === p.reward) &&
        (p.form === 0 || intColumn(row, 'form', 0) === p.form),
    );
}

async function track(inv: CommandInvocation, target: Human, request: QuestRequest): Promise<CommandReply[]> {
  const reach = resolveReach(request.common.reach, await reachOptionsFor(inv, target));
  if (!reach.ok) return [refusalOf(inv, reach.error)];
  const { note, ...columns } = reach.value;
  const drafts: RuleDraft[] = request.picks.map((p) => ({
    reward_type: p.rewardType,
    reward: p.reward,
    form: p.form,
    amount: request.amount,
    shiny: request.shiny ? 1 : 0,
    ping: inv.ping,
    template: request.common.template,
    clean: (request.common.clean ? 1 : 0) | (request.summary ? SUMMARY_BIT : 0),
    ...columns,
  }));
  return saveKeyedRules(inv, target, QUEST_RULES, drafts, note ? [note] : []);
}

export const questCommand: CommandDefinition = {
  name: 'quest',
  async run(inv) {
    const target = inv.target;
    if (!target) return [refusalOf(inv, message('You are not registered. Please register first.'))];
    const parsed = parseQuestArgs(inv.args, inv.rawArgs, { gameData: inv.services.gameData(), language: inv.language });
    if (!parsed.ok) return [refusalOf(inv, parsed.error)];
    const request = parsed.value;
    if (request.common.remove || (request.picks.length === 0 && request.common.uids.length > 0)) {
      return removeKeyedRules(inv, target, QUEST_RULES, removeSelection(request), request.common.uids);
    }
    return track(inv, target, request);
  },
};
