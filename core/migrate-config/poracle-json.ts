/**
 * PoracleJS's configuration files are JSON with comments (its default.json is full of them) and, because its
 * config library falls back to JSON5, often trailing commas. This reads that dialect: comments and a BOM are
 * removed by the geofence reader's stripper, then commas before a closing bracket, outside strings.
 */
import { stripJsonComments } from '../geo/formats/json-text.ts';

/** whether the first character at or after `from` that is not whitespace closes an object or array */
function closesNext(text: string, from: number): boolean {
  let i = from;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return text[i] === '}' || text[i] === ']';
}

/** The text with every comma that only precedes `}` or `]` (whitespace between) removed; strings are left alone. */
export function stripTrailingCommas(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') {
        out += text[i + 1] ?? '';
        i++;
      } else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if (c === ',' && closesNext(text, i + 1)) continue;
    out += c;
  }
  return out;
}

/** Parses a PoracleJS JSON file's text; throws SyntaxError like JSON.parse. */
export function parsePoracleJson(text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return JSON.parse(stripTrailingCommas(stripJsonComments(body)));
}
