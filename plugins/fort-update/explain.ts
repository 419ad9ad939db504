/**
 * "Why didn't I get this alert?" for a fort-update rule: the verdict of the matcher's own checks (match.ts: `ruleMiss`
 * on the update's facts, then the core's reach) put in words. Nothing is decided here that match.ts does not decide
 * the same way; this file only names what failed and the values involved.
 */
import type { ExplainedRule, MatchContext } from '../../core/contract.ts';
import { missed, otherKind, reachOf, type RuleVerdict } from '../../core/explain/verdict.ts';
import type { FortEvent } from './event.ts';
import { fortFacts, MISS, ruleMiss } from './match.ts';
import { FORTS_TABLE, type FortRule } from './rule.ts';

/** The verdict on one `forts` rule for a fort update, as matchFortUpdate would decide it. */
export function explainFortRule(event: FortEvent, explained: ExplainedRule, ctx: MatchContext): RuleVerdict {
  if (explained.table !== FORTS_TABLE) return otherKind(explained.table);
  const rule = explained.rule as FortRule;
  const facts = fortFacts(event);
  switch (ruleMiss(rule, event, facts)) {
    case MISS.FORT_TYPE:
      return missed('fort_type', 'the rule is for {rule} updates, the fort is a {event}', { rule: rule.fortType, event: event.fortType });
    case MISS.EMPTY:
      return missed('empty_fort', 'the fort has neither a name nor a description, and the rule leaves such forts out');
    case MISS.CHANGE_TYPE:
      return missed('change_type', 'the rule is for changes of {rule}, the update is {event}', {
        rule: rule.changeTypes.join(', '),
        event: facts.kinds.size === 0 ? event.changeType : [...facts.kinds].join(', '),
      });
    case MISS.PASS: {
      return reachOf(rule.reach, explained, event, ctx);
    }
  }
}
