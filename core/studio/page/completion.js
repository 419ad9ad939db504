// @ts-check
/**
 * Variable completion in Handlebars text, without the DOM: where the name being typed after `{{` starts and
 * ends, what closes it, and which variables fit what is typed so far.
 */

/**
 * @typedef {object} CompletionContext
 * @property {number} start where the name being typed starts
 * @property {number} end where it ends (the caret, or the end of the word the caret is in)
 * @property {string} prefix what is typed of it before the caret
 * @property {string} close what to write after the name (`}}`, `}}}`, or nothing when a closing brace follows
 *   or the name is an argument of a helper)
 */

const NAME_CHARS = /[\w.@-]*$/;

/**
 * The name being typed at `caret` inside an unclosed `{{` on the same line, or null when the caret is not in a
 * mustache, or sits where a helper, block or partial name goes (`{{#`, `{{/`, `{{>`, `{{^`).
 * @param {string} text
 * @param {number} caret
 * @returns {CompletionContext | null}
 */
export function completionContext(text, caret) {
  const lineStart = text.lastIndexOf('\n', caret - 1) + 1;
  const before = text.slice(lineStart, caret);
  const open = before.lastIndexOf('{{');
  if (open < 0) return null;
  const inside = before.slice(open + 2);
  if (inside.includes('}}')) return null;
  const prefix = NAME_CHARS.exec(inside)?.[0] ?? '';
  const lead = inside.slice(0, inside.length - prefix.length);
  if (/[#/>^]\s*$/.test(lead) || /^\{?\s*!/.test(lead)) return null;
  const rest = text.slice(caret);
  const tail = /^[\w.@-]*/.exec(rest)?.[0] ?? '';
  const end = caret + tail.length;
  const bare = /^\{?\s*$/.test(lead);
  const followedByBrace = /^\s*\}/.test(text.slice(end));
  const close = bare && !followedByBrace ? (lead.startsWith('{') ? '}}}' : '}}') : '';
  return { start: caret - prefix.length, end, prefix, close };
}

/**
 * The variables fitting `prefix` (any case): those starting with it first, then those containing it, each
 * group in the given order; at most `limit`.
 * @param {readonly string[]} names
 * @param {string} prefix
 * @param {number} [limit]
 * @returns {string[]}
 */
export function matchingVariables(names, prefix, limit = 60) {
  const wanted = prefix.toLowerCase();
  const starting = [];
  const containing = [];
  for (const name of names) {
    const lower = name.toLowerCase();
    if (lower.startsWith(wanted)) starting.push(name);
    else if (wanted !== '' && lower.includes(wanted)) containing.push(name);
  }
  return [...starting, ...containing].slice(0, limit);
}
