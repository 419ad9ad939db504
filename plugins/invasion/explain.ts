/**
 * "Why didn't I get this alert?" for an invasion rule: the verdict of the matcher's own checks (match.ts: `ruleMiss`
 * on the grunt facts, then the core's reach) put in words. Nothing is decided here that match.ts does not decide the
 * same way; this file only names what failed and the values involved.
 */
import type { ExplainedRule, MatchContext } from '../../core/contract.ts';
import { missed, otherKind, reachOf, type RuleVerdict } from '../../core/explain/verdict.ts';
import type { InvasionEvent } from './event.ts';
import { MISS, ruleMiss, type GruntFacts } from './match.ts';
import { ANY_BOSS, INVASION_TABLE, type InvasionRule } from './rule.ts';

const GENDERS: Readonly<Record<number, string>> = { 1: 'male', 2: 'female' };

/** The verdict on one invasion rule for an invasion whose character is `facts`, as matchInvasion would decide it. */
export function explainInvasionRule(event: InvasionEvent, explained: ExplainedRule, ctx: MatchContext, facts: GruntFacts): RuleVerdict {
  if (explained.table !== INVASION_TABLE) return otherKind(explained.table);
  const rule = explained.rule as InvasionRule;
  const miss = ruleMiss(rule, facts);
  if (miss === MISS.GRUNT_TYPE) {
    if (rule.gruntType === ANY_BOSS) return missed('grunt_type', 'the rule is for any leader or Giovanni, the invasion is {event}', { event: facts.typeKey });
    return missed('grunt_type', 'the rule is for {rule}, the invasion is {event}', { rule: rule.gruntType, event: facts.typeKey });
  }
  if (miss === MISS.GENDER) {
    return missed('gender', 'the rule asks for a {rule} grunt, the invasion is {event}', {
      rule: GENDERS[rule.gender] ?? String(rule.gender),
      event: GENDERS[facts.gender] ?? 'without a gender',
    });
  }
  return reachOf(rule.reach, explained, event, ctx);
}
