/**
 * The quest rule index, rebuilt once per snapshot: active rules (enabled humans, current profile) bucketed by
 * reward type, so a quest only visits the rules of the reward types it offers.
 */
import type { Snapshot } from '../../core/model.ts';
import { QUEST_TABLE, type QuestRule } from './rule.ts';

export interface QuestIndex {
  readonly byRewardType: ReadonlyMap<number, readonly QuestRule[]>;
  readonly size: number;
}

export function buildQuestIndex(snapshot: Snapshot): QuestIndex {
  const byRewardType = new Map<number, QuestRule[]>();
  const rules = snapshot.activeRules<QuestRule>(QUEST_TABLE);
  for (const rule of rules) {
    const bucket = byRewardType.get(rule.rewardType);
    if (bucket) bucket.push(rule);
    else byRewardType.set(rule.rewardType, [rule]);
  }
  return { byRewardType, size: rules.length };
}
