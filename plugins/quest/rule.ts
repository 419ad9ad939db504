/**
 * A `quest` row, read once per snapshot into a typed rule. Sentinels (db-schema): `reward` 0 = any reward of
 * the type (for stardust it is the minimum amount, so 0 = any amount), `form` 0 = any form, `amount` 0 = no
 * minimum, `shiny` 0 = shiny or not.
 */
import type { TrackingRow } from '../../core/model.ts';
import { intColumn, readRuleReach, templateColumn, textColumn, type RuleReach } from '../../core/match/index.ts';

export const QUEST_TABLE = 'quest';

export interface QuestRule {
  readonly uid: number;
  readonly humanId: string;
  /** the reward type id (2 item, 3 stardust, 4 candy, 7 pokemon, 9 XL candy, 12 mega energy…) */
  readonly rewardType: number;
  /** item id, pokemon id, or (stardust) the minimum amount; 0 = any */
  readonly reward: number;
  readonly form: number;
  readonly amount: number;
  readonly shiny: boolean;
  readonly reach: RuleReach;
  readonly templateId: string | null;
  readonly ping: string;
  readonly clean: number;
}

export function readQuestRule(row: TrackingRow): QuestRule {
  return {
    uid: row.uid,
    humanId: row.id,
    rewardType: intColumn(row, 'reward_type', 0),
    reward: intColumn(row, 'reward', 0),
    form: intColumn(row, 'form', 0),
    amount: intColumn(row, 'amount', 0),
    shiny: intColumn(row, 'shiny', 0) === 1,
    reach: readRuleReach(row),
    templateId: templateColumn(row),
    ping: textColumn(row, 'ping'),
    clean: intColumn(row, 'clean', 0),
  };
}
