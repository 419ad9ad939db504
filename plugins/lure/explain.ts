/**
 * "Why didn't I get this alert?" for a lure rule: the verdict of the matcher's own checks (match.ts: `ruleMiss`, then
 * the core's reach) put in words. Nothing is decided here that match.ts does not decide the same way; this file only
 * names what failed and the values involved.
 */
import type { ExplainedRule, MatchContext } from '../../core/contract.ts';
import { missed, otherKind, reachOf, type RuleVerdict } from '../../core/explain/verdict.ts';
import type { LureEvent } from './event.ts';
import { lureInfo } from './lures.ts';
import { LURES_TABLE, MISS, ruleMiss, type LureRule } from './match.ts';

/** The verdict on one lure rule for a lure, as matchLure would decide it. */
export function explainLureRule(event: LureEvent, explained: ExplainedRule, ctx: MatchContext): RuleVerdict {
  if (explained.table !== LURES_TABLE) return otherKind(explained.table);
  const rule = explained.rule as LureRule;
  if (ruleMiss(rule, event) === MISS.LURE_TYPE) {
    return missed('lure_type', 'the rule is for {rule} lures, the lure is {event}', { rule: lureInfo(rule.lureId).name, event: lureInfo(event.lureId).name });
  }
  return reachOf(rule.reach, explained, event, ctx);
}
