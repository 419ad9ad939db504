/**
 * The monster plugin's chat commands (`track`, `untrack`) and how its rules read in `tracked`.
 */
export { trackCommand } from './track.ts';
export { untrackCommand, removeMonsterRules } from './untrack.ts';
export { describeMonsterRule, describeOverride } from './describe.ts';
export { parseTrack, type TrackParseOptions, type TrackRequest } from './track-parse.ts';
export { parseUntrack, rowsToRemove, type UntrackRequest } from './untrack-parse.ts';
export { diffRules, type RuleChanges } from './diff.ts';
export type { MonsterDraft } from './columns.ts';
