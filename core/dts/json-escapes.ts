/**
 * The previous generations render an object template as one JSON text and parse the result, so what a variable,
 * helper or partial inserts is read as JSON string content: `\n` written in a partial becomes a line break,
 * `\"` a quote, `\\` one backslash, `\u00e9` an é — while the template's own text comes out as written (it was
 * escaped into the JSON text and unescaped again). Rendering member by member, the same result is had by
 * doubling the backslashes of a template's literal text at compile time (not inside `{{…}}`) and decoding the
 * JSON escapes of each rendered member. Decoding is lenient where the previous generations would have failed on
 * invalid JSON: a lone backslash, a raw quote or a raw line break stay as they are.
 */

const DECODED: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const ESCAPE = /\\(["\\/bfnrt]|u[0-9a-fA-F]{4})/g;

/** A rendered member with its JSON escapes decoded (the common case, no backslash, costs one scan). */
export function decodeJsonEscapes(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(ESCAPE, (_, e: string) => (e.length === 5 ? String.fromCharCode(parseInt(e.slice(1), 16)) : DECODED[e]!));
}

/** The end of the mustache starting at `open` (`{{…}}`, `{{{…}}}`, `{{!--…--}}`), or -1 when it is not closed. */
function mustacheEnd(template: string, open: number): number {
  if (template.startsWith('{{!--', open)) {
    const close = template.indexOf('--}}', open + 5);
    return close < 0 ? -1 : close + 4;
  }
  const close = template.indexOf('}}', open + 2);
  if (close < 0) return -1;
  let end = close + 2;
  while (template[end] === '}') end++;
  return end;
}

/** A template whose literal text keeps its backslashes through `decodeJsonEscapes` (mustaches untouched). */
export function protectLiteralBackslashes(template: string): string {
  if (!template.includes('\\')) return template;
  let out = '';
  let at = 0;
  while (at < template.length) {
    const open = template.indexOf('{{', at);
    out += (open < 0 ? template.slice(at) : template.slice(at, open)).replaceAll('\\', '\\\\');
    if (open < 0) break;
    const end = mustacheEnd(template, open);
    if (end < 0) return out + template.slice(open);
    out += template.slice(open, end);
    at = end;
  }
  return out;
}

/**
 * Whether a rendered text holding shared tokens (shared-tokens.ts) has an escape that a filled-in value could
 * complete (a backslash at most five characters before a token): then it is decoded only after filling in.
 */
export function escapeMeetsToken(text: string, tokenStart: string): boolean {
  for (let at = text.indexOf(tokenStart); at >= 0; at = text.indexOf(tokenStart, at + 1)) {
    if (text.slice(Math.max(0, at - 5), at).includes('\\')) return true;
  }
  return false;
}
