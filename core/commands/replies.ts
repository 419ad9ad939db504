/**
 * Small builders for command replies: the three reactions (✅ done, 👌 nothing changed, 🙅 refused), long
 * listings split into messages at line boundaries, coordinates for display and a map link.
 */
import type { CommandReply } from './types.ts';

export const DONE = '✅';
export const UNCHANGED = '👌';
export const REFUSED = '🙅';

/** Under the smallest message size of the chat platforms we know (2000 characters), so a platform never cuts a line. */
export const MAX_REPLY_CHARS = 1900;

export function done(text?: string): CommandReply {
  return text === undefined ? { reaction: DONE } : { reaction: DONE, text };
}

export function unchanged(text?: string): CommandReply {
  return text === undefined ? { reaction: UNCHANGED } : { reaction: UNCHANGED, text };
}

export function refused(text: string): CommandReply {
  return { reaction: REFUSED, text };
}

/** Lines joined into as few texts as fit `max` characters each (a longer single line is cut). */
export function splitLines(lines: readonly string[], max = MAX_REPLY_CHARS): string[] {
  const out: string[] = [];
  let current = '';
  for (const raw of lines) {
    const line = raw.length > max ? `${raw.slice(0, max - 1)}…` : raw;
    if (current !== '' && current.length + 1 + line.length > max) {
      out.push(current);
      current = line;
    } else {
      current = current === '' ? line : `${current}\n${line}`;
    }
  }
  if (current !== '') out.push(current);
  return out;
}

/** Several text replies for a long listing; the first carries the reaction. */
export function listing(lines: readonly string[], reaction?: string): CommandReply[] {
  return splitLines(lines).map((text, i) => (i === 0 && reaction ? { reaction, text } : { text }));
}

/**
 * A coordinate for display: 7 significant digits (about a metre), which is also all a MySQL `float` column keeps —
 * so 48.2 reads back as 48.2, not 48.2000007629.
 */
export function coordinate(value: number): string {
  return String(Number(value.toPrecision(7)));
}

export function mapLink(latitude: number, longitude: number): string {
  return `https://maps.google.com/maps?q=${coordinate(latitude)},${coordinate(longitude)}`;
}
