/**
 * An explanation in a reader's words: each reason's English text with its values, translated like any reply
 * (the translator looks the English text up, then fills `{name}` placeholders).
 */
import type { Explanation, Reason } from './explain.ts';

export type Translate = (text: string, vars?: Readonly<Record<string, string | number>>) => string;

export function reasonWords(reason: Reason, t: Translate): string {
  return t(reason.text, reason.values);
}

/** The explanation with a `message` (translated words) on its outcome and on every rule. */
export function withWords(explanation: Explanation, t: Translate) {
  return {
    ...explanation,
    outcome: { ...explanation.outcome, message: reasonWords(explanation.outcome, t) },
    rules: explanation.rules.map((rule) => ({ ...rule, message: reasonWords(rule, t) })),
  };
}
