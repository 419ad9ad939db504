/**
 * The fort-update plugin's chat command (`fort`) and how its rules read in `tracked`.
 */
export { fortCommand, FORT_RULES } from './fort-command.ts';
export { describeFortRule } from './describe.ts';
export { parseFortCommand, type FortDraft, type FortParseOptions, type FortRequest } from './parse.ts';
