/**
 * Splits text into pieces Telegram accepts (4096 characters per message), at line breaks where it can; a
 * single longer line is cut at the limit, never inside a surrogate pair.
 */

export const TELEGRAM_TEXT_LIMIT = 4096;

function cutLongLine(line: string, limit: number): string[] {
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > limit) {
    let end = limit;
    const last = rest.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end--;
    pieces.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  pieces.push(rest);
  return pieces;
}

/** The pieces in order; joined with line breaks at the cuts they give the text back. Empty text → no pieces. */
export function splitText(text: string, limit = TELEGRAM_TEXT_LIMIT): string[] {
  if (text.length <= limit) return text === '' ? [] : [text];
  const pieces: string[] = [];
  let current: string | null = null;
  for (const line of text.split('\n')) {
    for (const part of line.length > limit ? cutLongLine(line, limit) : [line]) {
      if (current !== null && current.length + 1 + part.length <= limit) current += `\n${part}`;
      else {
        if (current !== null) pieces.push(current);
        current = part;
      }
    }
  }
  if (current !== null) pieces.push(current);
  return pieces.filter((p) => p.trim() !== '');
}
