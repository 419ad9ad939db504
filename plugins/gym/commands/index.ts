/**
 * The gym plugin's chat command (`gym`) and how its rules read in `tracked`.
 */
export { gymCommand } from './gym-command.ts';
export { describeGymRule } from './describe.ts';
export { parseGymCommand, TEAM_WORDS, type GymParseOptions, type GymRequest } from './parse.ts';
export { GYM_RULES, type GymDraft } from './columns.ts';
