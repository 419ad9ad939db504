/**
 * Pokemon aliases: names people type that are not a pokemon's name in any language ("nidoran female",
 * "mime", "lake trio"). File shape: `{ "<alias>": <dex id> | [<dex id>, …] }`. The bundled
 * fallbacks/pokemonAlias.json is read first; config/pokemonAlias.json adds entries and replaces equal ones.
 */
import { join } from 'node:path';
import { ConfigError } from '../errors.ts';
import { readOptionalJson } from './json-file.ts';
import { isObject } from './json-read.ts';
import { normalizeName } from './names.ts';

export const ALIAS_FILE = 'pokemonAlias.json';

export type AliasMap = ReadonlyMap<string, readonly number[]>;

function idsOf(value: unknown): number[] | null {
  const list = Array.isArray(value) ? value : [value];
  const ids = list.filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0);
  return ids.length > 0 && ids.length === list.length ? ids : null;
}

/** Validates one alias file; `file` names it in errors. */
export function parseAliases(raw: unknown, file: string): AliasMap {
  if (!isObject(raw)) throw new ConfigError(`${file}: expected an object of alias → dex id(s)`, { file, expected: 'object', found: typeof raw });
  const out = new Map<string, readonly number[]>();
  for (const [alias, value] of Object.entries(raw)) {
    const ids = idsOf(value);
    if (!ids) {
      throw new ConfigError(`${file}: alias "${alias}" must map to a dex id or a list of dex ids`, { file, key: alias, expected: 'positive integer or array of them', found: JSON.stringify(value) });
    }
    const key = normalizeName(alias);
    if (key) out.set(key, Object.freeze(ids));
  }
  return out;
}

/** Later maps replace equal aliases of earlier ones. */
export function mergeAliases(...maps: readonly AliasMap[]): AliasMap {
  const out = new Map<string, readonly number[]>();
  for (const map of maps) for (const [k, v] of map) out.set(k, v);
  return out;
}

export async function loadAliases(fallbacksDir: string, configDir: string | null): Promise<AliasMap> {
  const files = [join(fallbacksDir, ALIAS_FILE), ...(configDir ? [join(configDir, ALIAS_FILE)] : [])];
  const maps: AliasMap[] = [];
  for (const file of files) {
    const raw = await readOptionalJson(file);
    if (raw !== undefined) maps.push(parseAliases(raw, file));
  }
  return mergeAliases(...maps);
}
