/**
 * Geofence files are often hand-edited JSON with // and /* *\/ comments (the previous generation accepted
 * them). This removes comments outside strings and a leading byte-order mark, then parses.
 */

function skipString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

function skipComment(text: string, start: number): number {
  if (text[start + 1] === '/') {
    const end = text.indexOf('\n', start);
    return end === -1 ? text.length : end;
  }
  const end = text.indexOf('*/', start + 2);
  return end === -1 ? text.length : end + 2;
}

export function stripJsonComments(text: string): string {
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      i = skipString(text, i);
    } else if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      out += text.slice(copied, i);
      i = skipComment(text, i);
      copied = i;
    } else {
      i++;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** JSON.parse after removing comments and a BOM; throws SyntaxError like JSON.parse. */
export function parseJsonText(text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return JSON.parse(stripJsonComments(body));
}
