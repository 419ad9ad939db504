/**
 * The quest plugin's chat commands (`quest`, `summary`) and how its rules read in `tracked`.
 */
export { questCommand, QUEST_RULES } from './quest.ts';
export { summaryCommand } from './summary.ts';
export { describeQuestRule } from './describe.ts';
export { parseQuestArgs, EVERYTHING_TYPES, type QuestRequest, type RewardPick, type QuestParseOptions } from './parse.ts';
