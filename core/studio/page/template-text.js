// @ts-check
/**
 * An entry's body as editor text and back: an object body is shown as pretty JSON and must parse back to an
 * object; a text body (and a templateFile's content) is edited as it is. A JSON mistake is reported with its
 * line and column, found by a small reader of JSON's grammar (the browser's own message rarely says where).
 */

/**
 * @typedef {object} Problem
 * @property {string} message
 * @property {number} [line] from 1
 * @property {number} [column] from 1
 * @property {string} [path] the template member, e.g. `embed.description`
 */

/** @typedef {{ ok: true, template: string } | ({ ok: false } & Problem)} ParsedTemplate */

/**
 * Line and column (from 1) of a character index.
 * @param {string} text
 * @param {number} index
 * @returns {{ line: number, column: number }}
 */
export function positionOf(text, index) {
  const before = text.slice(0, Math.max(0, Math.min(index, text.length)));
  const line = before.split('\n').length;
  return { line, column: before.length - (before.lastIndexOf('\n') + 1) + 1 };
}

/**
 * Where JSON text first breaks its grammar, and why; null when it is valid JSON.
 * @param {string} text
 * @returns {{ index: number, message: string } | null}
 */
export function jsonMistake(text) {
  let at = 0;
  /** @param {string} message @returns {never} */
  const fail = (message) => {
    throw Object.assign(new Error(message), { index: at });
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at] ?? '')) at += 1;
  };
  /** @param {string} what */
  const describe = (what) => (at >= text.length ? `the text ends where ${what} should follow` : `${what} expected, found "${text[at]}"`);
  const string = () => {
    at += 1;
    while (at < text.length && text[at] !== '"') {
      const char = text[at] ?? '';
      if (char === '\n') fail('a line break inside a string: write it as \\n');
      if (char.charCodeAt(0) < 0x20) fail('a control character inside a string');
      if (char === '\\') {
        const next = text[at + 1] ?? '';
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) fail('\\u must be followed by four hex digits');
          at += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(next) || next === '') fail(`"\\${next}" is not an escape JSON knows (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)`);
        at += 2;
        continue;
      }
      at += 1;
    }
    if (at >= text.length) fail('a string is not closed with "');
    at += 1;
  };
  /** @returns {void} */
  const value = () => {
    space();
    const char = text[at];
    if (char === '{') {
      at += 1;
      space();
      if (text[at] === '}') return void (at += 1);
      for (;;) {
        space();
        if (text[at] !== '"') fail(describe('a member name in double quotes'));
        string();
        space();
        if (text[at] !== ':') fail(describe('":"'));
        at += 1;
        value();
        space();
        if (text[at] === ',') {
          at += 1;
          space();
          if (text[at] === '}') fail('a comma before "}": remove it');
          continue;
        }
        if (text[at] === '}') return void (at += 1);
        fail(describe('"," or "}"'));
      }
    }
    if (char === '[') {
      at += 1;
      space();
      if (text[at] === ']') return void (at += 1);
      for (;;) {
        value();
        space();
        if (text[at] === ',') {
          at += 1;
          space();
          if (text[at] === ']') fail('a comma before "]": remove it');
          continue;
        }
        if (text[at] === ']') return void (at += 1);
        fail(describe('"," or "]"'));
      }
    }
    if (char === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at));
    if (literal) return void (at += literal[0].length);
    fail(char === "'" ? 'strings are written in double quotes in JSON' : describe('a value'));
  };
  try {
    value();
    space();
    if (at < text.length) fail(`more text after the end of the JSON value ("${text[at]}")`);
    return null;
  } catch (err) {
    const located = /** @type {Error & { index?: number }} */ (err);
    return { index: located.index ?? at, message: located.message };
  }
}

/**
 * Whether text is the JSON of an object.
 * @param {string} text
 */
const isObjectJson = (text) => text.trim().startsWith('{') && jsonMistake(text) === null;

/**
 * The editor text of an entry (its template, or its templateFile's content) and how it is checked: as a JSON
 * object when it is one, else as text.
 * @param {{ template?: unknown, templateFileContent?: unknown }} entry
 * @returns {{ text: string, mode: 'object' | 'text' }}
 */
export function editorTextOf(entry) {
  const body = typeof entry.templateFileContent === 'string' ? entry.templateFileContent : entry.template;
  if (typeof body === 'string') return { text: body, mode: isObjectJson(body) ? 'object' : 'text' };
  if (typeof body === 'object' && body !== null) return { text: `${JSON.stringify(body, null, 2)}\n`, mode: 'object' };
  return { text: '', mode: 'text' };
}

/**
 * The template to send for the editor's text: the text itself (the service reads the JSON of an object as that
 * object, and answers error positions in this text), after checking it is the JSON of an object in `object`
 * mode. Text mode sends anything (a body may be Handlebars that renders to JSON).
 * @param {string} text
 * @param {'object' | 'text'} mode
 * @returns {ParsedTemplate}
 */
export function templateOf(text, mode) {
  if (mode === 'text') return { ok: true, template: text };
  const mistake = jsonMistake(text);
  if (mistake) return { ok: false, message: `not valid JSON: ${mistake.message}`, ...positionOf(text, mistake.index) };
  if (!text.trim().startsWith('{')) {
    return { ok: false, message: 'a JSON body must be an object ({ "content": …, "embed": … }); choose "text" for any other body', line: 1, column: 1 };
  }
  return { ok: true, template: text };
}
