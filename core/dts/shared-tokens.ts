/**
 * Placeholders for rendering once for many recipients: a variable that differs per recipient (their distance,
 * bearing…) goes into the view as a token, the template is rendered once, and each recipient's copy has the
 * tokens replaced by their values. Tokens are private-use characters, which templates never print on their own
 * and Handlebars never escapes; a value is only filled in when Handlebars would have printed it unchanged.
 */

const OPEN = '\uE000';
/** the first character of every token */
export const TOKEN_START = OPEN;
const CLOSE = '\uE001';
const TOKEN = /\uE000(\d+)\uE001/;
/**
 * what Handlebars' `{{…}}` escapes, the token characters themselves, and a backslash (a value's JSON escape is
 * decoded with the text around it, json-escapes.ts)
 */
const NOT_AS_IS = /[&<>"'`=\\\uE000\uE001]/;

/** The placeholder of the i-th shared variable. */
export function sharedToken(i: number): string {
  return `${OPEN}${i}${CLOSE}`;
}

/** Whether a value prints the same escaped or not (so it can be filled in after rendering). */
export function printsAsIs(text: string): boolean {
  return !NOT_AS_IS.test(text);
}

/** Fills a rendered part with one recipient's values. */
export type Filler<T> = (values: readonly string[]) => T;

/** Fills a rendered text's tokens with the recipient's values; the text is split once, here, not per recipient. */
export function textFiller(text: string): Filler<string> {
  if (!text.includes(OPEN)) return () => text;
  // split with the captured index: [text, index, text, index, …, text]
  const parts = text.split(TOKEN);
  const statics = parts.filter((_, i) => i % 2 === 0);
  const slots = parts.filter((_, i) => i % 2 === 1).map(Number);
  return (values) => {
    let out = statics[0]!;
    for (let i = 0; i < slots.length; i++) out += (values[slots[i]!] ?? '') + statics[i + 1]!;
    return out;
  };
}

/**
 * Fills a rendered body: each recipient gets its own copy of every object and array (nothing downstream can
 * change another recipient's message), strings without tokens are shared, and the walk over the body is planned
 * once for the group.
 */
export function bodyFiller(value: unknown): Filler<unknown> {
  if (typeof value === 'string') return textFiller(value);
  if (Array.isArray(value)) {
    const items = value.map(bodyFiller);
    return (values) => items.map((fill) => fill(values));
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    const fills = keys.map((key) => bodyFiller((value as Record<string, unknown>)[key]));
    return (values) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) out[keys[i]!] = fills[i]!(values);
      return out;
    };
  }
  return () => value;
}
