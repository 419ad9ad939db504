/**
 * The quest plugin's chat command (`quest`) and how its rules read in `tracked`.
 */
export { questCommand, QUEST_RULES } from './quest.ts';
export { describeQuestRule } from './describe.ts';
export { parseQuestArgs, EVERYTHING_TYPES, type QuestRequest, type RewardPick, type QuestParseOptions } from './parse.ts';
