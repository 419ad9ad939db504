/**
 * A reply text before translation: English with `{name}` placeholders and their values. Parsers return these
 * so they stay pure; the command translates them (`{prefix}` is always filled in by the command).
 */
export interface Message {
  readonly text: string;
  readonly vars?: Readonly<Record<string, string | number>>;
}

export function message(text: string, vars?: Readonly<Record<string, string | number>>): Message {
  return vars ? { text, vars } : { text };
}

/** A parser's answer: a value or the message that refuses the command. */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Message };

export function refuse<T>(text: string, vars?: Readonly<Record<string, string | number>>): Parsed<T> {
  return { ok: false, error: message(text, vars) };
}
