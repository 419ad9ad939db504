/**
 * Long reply text → pieces Discord accepts (2000 characters each), cut at line ends so lines stay whole; a
 * single line longer than the limit is cut at its last space that fits (or hard, never inside a surrogate pair).
 * Blank pieces are dropped: Discord refuses empty messages. Pure.
 */

export const DISCORD_TEXT_LIMIT = 2000;

/** Where to cut `line` so the first part has at most `limit` UTF-16 units. */
function cutPoint(line: string, limit: number): number {
  const space = line.lastIndexOf(' ', limit);
  if (space > limit / 2) return space;
  const code = line.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

function splitLongLine(line: string, limit: number): string[] {
  const parts: string[] = [];
  let rest = line;
  while (rest.length > limit) {
    const at = cutPoint(rest, limit);
    parts.push(rest.slice(0, at));
    rest = rest.slice(at).replace(/^ /, '');
  }
  parts.push(rest);
  return parts;
}

export function splitText(text: string, limit = DISCORD_TEXT_LIMIT): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const line of text.split('\n').flatMap((l) => splitLongLine(l, limit))) {
    const joined = current === '' ? line : `${current}\n${line}`;
    if (joined.length <= limit) {
      current = joined;
      continue;
    }
    pieces.push(current);
    current = line;
  }
  pieces.push(current);
  return pieces.filter((p) => p.trim() !== '');
}
