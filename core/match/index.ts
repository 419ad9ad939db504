/**
 * Matching helpers every alert plugin shares: reading tracking-table columns, the rule modes (distance,
 * saved location, area override, the human's areas) and one alert per recipient.
 */
export { intColumn, intValue, textColumn, templateColumn, lowerNameListColumn } from './row-fields.ts';
export { IN_AREA, readRuleReach, ruleReaches, type RuleReach, type ReachMiss, type ReachOutcome, type ReachedOutcome } from './reach.ts';
export { oncePerHuman } from './once-per-human.ts';
export { collectReached, type MatchTarget, type ReachableRule } from './reached.ts';
export { indexInSteps, IndexInSteps } from './index-steps.ts';
