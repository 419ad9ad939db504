/**
 * The lure plugin's chat command (`lure`) and how its rules read in `tracked`.
 */
export { lureCommand, LURE_RULES } from './lure.ts';
export { describeLureRule } from './describe.ts';
export { parseLureArgs, readLureType, type LureRequest, type LureParseOptions } from './parse.ts';
