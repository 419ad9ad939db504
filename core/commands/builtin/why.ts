/**
 * `why`: "why didn't I get this alert?" (core/explain). `why <id>` explains the event with that id (the service's
 * event id, or an encounter, gym or pokestop id); `why <type> [count]` the latest events of that type near the
 * target (default 3, at most 10); bare `why` the latest events of every type near it. Admins ask about anyone with `user<id>` (core/commands/target.ts). Each event
 * reads as one line with its outcome, then its rules with their verdicts, the rules that fire first.
 */
import { ExplainError, type ExplainQuery } from '../../explain/explainer.ts';
import type { Explanation, RuleExplanation } from '../../explain/explain.ts';
import { reasonWords } from '../../explain/words.ts';
import { listing, refused } from '../replies.ts';
import { TEXTS } from '../texts.ts';
import type { CommandDefinition, CommandInvocation, CommandReply } from '../types.ts';
import { targetOf } from './target-human.ts';

const DEFAULT_COUNT = 3;
const MAX_COUNT = 10;
/** rules listed per event; the rest are counted */
const RULES_SHOWN = 12;

function questionOf(invocation: CommandInvocation, isType: (word: string) => boolean): ExplainQuery | null {
  const [first, second] = invocation.rawArgs;
  if (first === undefined) return { type: null, limit: DEFAULT_COUNT };
  if (invocation.rawArgs.length > 2) return null;
  if (isType(first)) {
    const count = second === undefined ? DEFAULT_COUNT : Number(second);
    if (!Number.isInteger(count) || count < 1) return null;
    return { type: first, limit: Math.min(count, MAX_COUNT) };
  }
  return second === undefined ? { event: first } : null;
}

function eventLines(e: Explanation, invocation: CommandInvocation): string[] {
  const { t } = invocation;
  const ids = e.event.ids.length > 0 ? e.event.ids[0]! : e.event.id;
  const head = t(TEXTS.whyEvent, { plugin: e.event.plugin, ids, time: e.event.time, outcome: reasonWords(e.outcome, t) });
  const ordered: RuleExplanation[] = [...e.rules.filter((r) => r.fires), ...e.rules.filter((r) => !r.fires)];
  const lines = ordered.slice(0, RULES_SHOWN).map((r) => t(TEXTS.whyRule, { rule: r.description || `${r.table} #${r.uid}`, verdict: reasonWords(r, t) }));
  if (ordered.length > RULES_SHOWN) lines.push(t(TEXTS.whyMoreRules, { count: ordered.length - RULES_SHOWN }));
  return [head, ...lines, ''];
}

function refusalOf(err: ExplainError, invocation: CommandInvocation, question: ExplainQuery): CommandReply {
  const { t } = invocation;
  const minutes = invocation.services.config.explain.max_age_minutes;
  switch (err.reason) {
    case 'nothing_kept':
      return refused(t(TEXTS.whyNothingKept));
    case 'event_not_kept':
      return refused(t(TEXTS.whyEventNotKept, { event: 'event' in question ? question.event : '', minutes }));
    case 'none_near':
      if ('type' in question && question.type !== null) return refused(t(TEXTS.whyNoneNear, { type: question.type, minutes }));
      return refused(t(TEXTS.whyNothingNear, { minutes }));
    case 'unknown_type':
      return refused(t(TEXTS.whyUnknownType, { type: 'type' in question ? (question.type ?? '') : '', types: String(err.context['types'] ?? '') }));
    case 'human_not_found':
      return refused(t(TEXTS.notRegistered, { prefix: invocation.prefix, service: 'service' }));
  }
}

export const whyCommand: CommandDefinition = {
  name: 'why',
  async run(invocation) {
    const human = targetOf(invocation);
    const { t, prefix } = invocation;
    const explainer = invocation.services.explainer;
    if (!explainer) return [refused(t(TEXTS.whyUnavailable))];
    const question = questionOf(invocation, (word) => explainer.isType(word));
    if (!question) return [refused(t(TEXTS.whyUsage, { prefix }))];
    try {
      const explanations = await explainer.explain(human.id, question);
      return listing(explanations.flatMap((e) => eventLines(e, invocation)).slice(0, -1));
    } catch (err) {
      if (err instanceof ExplainError) return [refusalOf(err, invocation, question)];
      throw err;
    }
  },
};
