/**
 * JSON DTS files: a JSON array of entry objects. Entry fields are checked later (entry.ts), so one bad entry
 * never hides the others; only unparseable text or a non-array is a file-level problem.
 */
import type { ParsedFile } from './result.ts';

export function parseJsonDts(text: string): ParsedFile {
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (err) {
    return { ok: false, message: `invalid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (!Array.isArray(data)) return { ok: false, message: `expected a JSON array of entries, found ${describeType(data)}` };
  return { ok: true, items: data };
}

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
