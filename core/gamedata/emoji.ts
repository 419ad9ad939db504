/**
 * Emoji by key ("type-fire", "weather-rain", "team-valor", "gender-female", "lure-mossy"…). File shape:
 * `{ "default": { "<key>": "<emoji>" }, "discord": { … }, "telegram": { … } }` — a platform section wins over
 * "default" for that platform; plain string values at the top level count as "default".
 * Lookup order: config platform → config default → bundled platform → bundled default → "".
 */
import { join } from 'node:path';
import { ConfigError } from '../errors.ts';
import { readOptionalJson } from './json-file.ts';
import type { EmojiTables } from './game-data.ts';
import { isObject } from './json-read.ts';

export const EMOJI_FILE = 'emoji.json';
export const DEFAULT_SECTION = 'default';

/** section → key → emoji */
export type EmojiSections = ReadonlyMap<string, ReadonlyMap<string, string>>;

function section(raw: unknown, file: string, name: string): Map<string, string> {
  if (!isObject(raw)) throw new ConfigError(`${file}: section "${name}" must be an object of key → emoji`, { file, key: name, expected: 'object', found: typeof raw });
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string') throw new ConfigError(`${file}: emoji "${name}.${key}" must be a string`, { file, key: `${name}.${key}`, expected: 'string', found: typeof value });
    out.set(key, value);
  }
  return out;
}

export function parseEmoji(raw: unknown, file: string): EmojiSections {
  if (!isObject(raw)) throw new ConfigError(`${file}: expected an object of sections`, { file, expected: 'object', found: typeof raw });
  const out = new Map<string, Map<string, string>>();
  const flat = new Map<string, string>();
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === 'string') flat.set(name, value);
    else out.set(name, section(value, file, name));
  }
  if (flat.size > 0) out.set(DEFAULT_SECTION, new Map([...flat, ...(out.get(DEFAULT_SECTION) ?? [])]));
  return out;
}

export class EmojiTable {
  /** most specific first: [config, bundled] */
  constructor(private readonly layers: readonly EmojiSections[]) {}

  static empty(): EmojiTable {
    return new EmojiTable([]);
  }

  /** the default section and each platform's, the most specific layer winning on a key */
  tables(): EmojiTables {
    const merged = new Map<string, Record<string, string>>();
    for (const layer of [...this.layers].reverse()) {
      for (const [name, keys] of layer) {
        const into = merged.get(name) ?? {};
        for (const [key, value] of keys) into[key] = value;
        merged.set(name, into);
      }
    }
    const { [DEFAULT_SECTION]: defaults = {}, ...platforms } = Object.fromEntries(merged);
    return { defaults, platforms };
  }

  lookup(key: string, platform?: string): string {
    for (const layer of this.layers) {
      const hit = (platform ? layer.get(platform)?.get(key) : undefined) ?? layer.get(DEFAULT_SECTION)?.get(key);
      if (hit !== undefined) return hit;
    }
    return '';
  }
}

export async function loadEmoji(fallbacksDir: string, configDir: string | null): Promise<EmojiTable> {
  const layers: EmojiSections[] = [];
  for (const file of [...(configDir ? [join(configDir, EMOJI_FILE)] : []), join(fallbacksDir, EMOJI_FILE)]) {
    const raw = await readOptionalJson(file);
    if (raw !== undefined) layers.push(parseEmoji(raw, file));
  }
  return new EmojiTable(layers);
}
