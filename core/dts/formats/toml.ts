/**
 * TOML DTS files: entries are `[[entry]]` tables; `template` is a (usually multi-line) string holding the
 * same body text a JSON file would hold; `[[entry.buttons]]` are kept as data. A file without `[[entry]]`
 * holds no entries.
 */
import TOML from '@iarna/toml';
import { describeType } from './json.ts';
import type { ParsedFile } from './result.ts';

export function parseTomlDts(text: string): ParsedFile {
  let data: Record<string, unknown>;
  try {
    data = TOML.parse(text) as Record<string, unknown>;
  } catch (err) {
    const first = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
    return { ok: false, message: `invalid TOML: ${first}` };
  }
  const entries = data['entry'];
  if (entries === undefined) return { ok: true, items: [] };
  if (!Array.isArray(entries)) return { ok: false, message: `expected [[entry]] tables, found "entry" as ${describeType(entries)}` };
  return { ok: true, items: entries.map(plain) };
}

/** @iarna/toml tags its tables with symbols; entries are copied to plain data. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = plain(v);
    return out;
  }
  return value;
}
