/**
 * Placeholders for rendering once for many recipients: a variable that differs per recipient (their distance,
 * bearing…) goes into the view as a token, the template is rendered once, and each recipient's copy has the
 * tokens replaced by their values. Tokens are private-use characters, which templates never print on their own
 * and Handlebars never escapes; a value is only filled in when Handlebars would have printed it unchanged.
 */

const OPEN = '\uE000';
const CLOSE = '\uE001';
const TOKEN = /\uE000(\d+)\uE001/g;
/** what Handlebars' `{{…}}` escapes, and the token characters themselves */
const NOT_AS_IS = /[&<>"'`=\uE000\uE001]/;

/** The placeholder of the i-th shared variable. */
export function sharedToken(i: number): string {
  return `${OPEN}${i}${CLOSE}`;
}

/** Whether a value prints the same escaped or not (so it can be filled in after rendering). */
export function printsAsIs(text: string): boolean {
  return !NOT_AS_IS.test(text);
}

export function fillText(text: string, values: readonly string[]): string {
  return text.includes(OPEN) ? text.replace(TOKEN, (_, i: string) => values[Number(i)] ?? '') : text;
}

/** A copy of a rendered body with every token filled in (strings without tokens are shared, not copied). */
export function fillBody(value: unknown, values: readonly string[]): unknown {
  if (typeof value === 'string') return fillText(value, values);
  if (Array.isArray(value)) return value.map((item) => fillBody(item, values));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = fillBody((value as Record<string, unknown>)[key], values);
    return out;
  }
  return value;
}
