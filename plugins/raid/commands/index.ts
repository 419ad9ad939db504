/**
 * The raid plugin's chat commands (`raid`, `egg`) and how their rules read in `tracked`.
 */
export { raidCommand, eggCommand } from './run.ts';
export { describeRaidRule, describeEggRule } from './describe.ts';
export { parseGymCommand, type GymDraft, type GymParseOptions, type GymRemoval, type GymRequest } from './parse.ts';
