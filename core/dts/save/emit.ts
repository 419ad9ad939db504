/**
 * DTS file text from entries, in the formats the loader reads (formats/json.ts, formats/toml.ts): JSON as a
 * pretty-printed array (2 spaces), TOML as `[[entry]]` tables whose multi-line strings keep every character.
 */
import TOML from '@iarna/toml';
import { isDeepStrictEqual } from 'node:util';
import { parseTomlDts } from '../formats/toml.ts';
import type { DtsFormat } from '../types.ts';

type TomlDocument = Parameters<typeof TOML.stringify>[0];

export function emitDtsFile(format: DtsFormat, items: readonly unknown[]): string {
  if (format === 'json') return `${JSON.stringify(items, null, 2)}\n`;
  // TOML has no empty document of tables: a file without [[entry]] holds no entries
  if (items.length === 0) return '';
  return TOML.stringify({ entry: items } as unknown as TomlDocument);
}

/**
 * The TOML text of entries, or why it cannot hold them exactly: TOML drops nulls and cannot mix tables with
 * other values in one array, so the text is read back and must give the same entries.
 */
export function tomlExactly(items: readonly Readonly<Record<string, unknown>>[]): { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string } {
  let text: string;
  try {
    text = emitDtsFile('toml', items);
  } catch (err) {
    return { ok: false, message: `cannot be written as TOML: ${err instanceof Error ? err.message : String(err)}` };
  }
  const back = parseTomlDts(text);
  if (!back.ok || !isDeepStrictEqual(back.items, items)) {
    return { ok: false, message: 'cannot be written as TOML exactly (null values, or arrays mixing tables with other values)' };
  }
  return { ok: true, text };
}
