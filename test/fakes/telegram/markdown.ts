/**
 * A check of Telegram's legacy `Markdown` parse mode, close enough to the real parser to fail where it fails:
 * `*bold*`, `_italic_`, `` `code` ``, ```` ```pre``` ```` and `[text](url)` must be closed, a backslash escapes
 * one of `_ * ` [` outside entities. Answers the UTF-8 byte offset of the first unclosed entity, or null.
 */

const ESCAPABLE = new Set(['_', '*', '`', '[']);

function byteOffset(text: string, index: number): number {
  return Buffer.byteLength(text.slice(0, index), 'utf8');
}

/** Where the entity starting at `start` ends (the index after it), or -1 when it is never closed. */
function entityEnd(text: string, start: number): number {
  const c = text[start]!;
  if (text.startsWith('```', start)) {
    const end = text.indexOf('```', start + 3);
    return end < 0 ? -1 : end + 3;
  }
  if (c === '[') {
    const close = text.indexOf(']', start + 1);
    if (close < 0) return -1;
    if (text[close + 1] !== '(') return close + 1;
    const paren = text.indexOf(')', close + 2);
    return paren < 0 ? -1 : paren + 1;
  }
  const end = text.indexOf(c, start + 1);
  return end < 0 ? -1 : end + 1;
}

/** The byte offset of the first entity Telegram could not parse, or null when the text parses. */
export function unparsableMarkdownAt(text: string): number | null {
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && ESCAPABLE.has(text[i + 1] ?? '')) {
      i += 2;
      continue;
    }
    if (c === '*' || c === '_' || c === '`' || c === '[') {
      const end = entityEnd(text, i);
      if (end < 0) return byteOffset(text, i);
      i = end;
      continue;
    }
    i++;
  }
  return null;
}
