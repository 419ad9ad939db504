/**
 * Operator custom maps as in PoracleJS: every JSON file in config/customMaps/ holds one map
 * `{ name, language?, map: { key: value } }` or an array of them. Read once; a broken file (or entry) is logged
 * and skipped. `{{map 'name' key}}` finds the map for the render language, else the one without a language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeError } from '../errors.ts';
import { parseJsonText } from '../geo/formats/json-text.ts';
import type { Logger } from '../log/logger.ts';

export const CUSTOM_MAPS_DIR = join('config', 'customMaps');

export interface CustomMap {
  readonly name: string;
  /** undefined: for every language without its own map */
  readonly language?: string;
  readonly map: Readonly<Record<string, unknown>>;
}

export interface CustomMaps {
  /** the map named `name` for `language`, else the language-less one; null when there is none */
  find(name: string, language: string): Readonly<Record<string, unknown>> | null;
  readonly all: readonly CustomMap[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function asCustomMap(value: unknown): CustomMap | null {
  if (!isRecord(value) || typeof value['name'] !== 'string' || !value['name'] || !isRecord(value['map'])) return null;
  const language = value['language'];
  if (language !== undefined && language !== null && typeof language !== 'string') return null;
  const map = Object.freeze({ ...value['map'] });
  return Object.freeze(typeof language === 'string' && language ? { name: value['name'], language, map } : { name: value['name'], map });
}

function listJsonFiles(dir: string, log: Logger): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.json'))
      .map((e) => e.name)
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log.warn({ dir, err: describeError(err) }, `custom maps: cannot read ${dir}; no custom maps`);
    return [];
  }
}

function readFile(path: string, log: Logger): CustomMap[] {
  let parsed: unknown;
  try {
    parsed = parseJsonText(readFileSync(path, 'utf8'));
  } catch (err) {
    log.warn({ file: path, err: describeError(err) }, `custom maps: ${path} is not valid JSON; skipping it`);
    return [];
  }
  const entries = Array.isArray(parsed) ? parsed : [parsed];
  const maps: CustomMap[] = [];
  entries.forEach((entry, index) => {
    const map = asCustomMap(entry);
    if (map) maps.push(map);
    else log.warn({ file: path, index }, `custom maps: ${path} entry ${index} is not { name, language?, map }; skipping it`);
  });
  return maps;
}

/** Reads `<rootDir>/config/customMaps/*.json` (files in name order; the first map of a name and language wins). */
export function loadCustomMaps(rootDir: string, log: Logger): CustomMaps {
  const dir = join(rootDir, CUSTOM_MAPS_DIR);
  const all = Object.freeze(listJsonFiles(dir, log).flatMap((file) => readFile(join(dir, file), log)));
  if (all.length) log.debug({ dir, maps: all.length }, `custom maps: ${all.length} loaded`);
  return {
    all,
    find: (name, language) =>
      (all.find((m) => m.name === name && m.language === language) ?? all.find((m) => m.name === name && m.language === undefined))?.map ??
      null,
  };
}
