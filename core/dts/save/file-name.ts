/**
 * The file a saved template goes to: `config/dts/<type>-<id>-<platform>-<language>.toml`, lower-cased, with
 * `any` for an entry written for every platform or language. Each part is made safe for a file name: harmless
 * odd characters (spaces, `:`, `*`…) become `_`; what could reach another folder or hide a file (`/`, `\`,
 * `..`, a leading `.`, control characters) is refused, as is the reserved word `any` as a language.
 */
import { CONFIG_DTS_DIR } from '../load.ts';
import { idKey } from '../keys.ts';
import type { DtsPlatform } from '../types.ts';

/** The file name word for "every platform" / "every language". */
export const ANY_PART = 'any';

/** UTF-8 bytes; file systems allow 255, this leaves room for a backup's `.bak.<stamp>-<n>` suffix */
const MAX_NAME_BYTES = 200;

const SAFE_CHAR = /[\p{L}\p{N}_.+@-]/u;
const CONTROL = /\p{Cc}/u;

export type FileNameResult = { readonly ok: true; readonly file: string } | { readonly ok: false; readonly field: string; readonly message: string };

export interface TemplateKey {
  readonly type: string;
  readonly id: string;
  readonly platform: DtsPlatform;
  /** '' = every language */
  readonly language: string;
}

/** A part made safe, or why it cannot be. */
function safePart(field: string, value: string): { ok: true; part: string } | { ok: false; message: string } {
  if (/[/\\]/.test(value) || CONTROL.test(value) || value.includes('..') || value.startsWith('.')) {
    return { ok: false, message: `"${field}" may not contain "/", "\\", ".." or control characters, nor start with "."` };
  }
  const part = Array.from(value.toLowerCase(), (char) => (SAFE_CHAR.test(char) ? char : '_')).join('');
  return { ok: true, part };
}

/** The file (relative to the root, forward slashes) a template with this key is saved to. */
export function templateFileName(key: TemplateKey): FileNameResult {
  if (key.language.trim().toLowerCase() === ANY_PART) {
    return { ok: false, field: 'language', message: `"language" may not be "${ANY_PART}" (it names the file of a language-independent template); leave it empty or "%"` };
  }
  const parts: string[] = [];
  const fields: readonly (readonly [string, string])[] = [
    ['type', key.type],
    ['id', idKey(key.id)],
    ['platform', key.platform || ANY_PART],
    ['language', key.language || ANY_PART],
  ];
  for (const [field, value] of fields) {
    const safe = safePart(field, value);
    if (!safe.ok) return { ok: false, field, message: safe.message };
    parts.push(safe.part);
  }
  const name = `${parts.join('-')}.toml`;
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES) {
    return { ok: false, field: 'id', message: `type, id, platform and language make a file name longer than ${MAX_NAME_BYTES} bytes` };
  }
  return { ok: true, file: `${CONFIG_DTS_DIR}/${name}` };
}
