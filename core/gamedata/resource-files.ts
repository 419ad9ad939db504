/**
 * Where the downloaded game data lives under the resources directory, and the language codes we accept in
 * a file name or URL.
 */
import { join } from 'node:path';
import { normalizeLanguage } from './translations.ts';

export const RESOURCES_DIR = 'resources';
export const MASTERFILE_FILE = 'masterfile.json';
export const LOCALES_DIR = 'locales';
export const LOCALES_INDEX_FILE = 'index.json';

export interface ResourcePaths {
  readonly dir: string;
  readonly masterfile: string;
  /** the cache file of a plugin's game-data source (`<name>.json`) */
  source(name: string): string;
  readonly localesIndex: string;
  locale(lang: string): string;
}

export function resourcePaths(dir: string): ResourcePaths {
  return {
    dir,
    masterfile: join(dir, MASTERFILE_FILE),
    source: (name) => join(dir, `${name}.json`),
    localesIndex: join(dir, LOCALES_DIR, LOCALES_INDEX_FILE),
    locale: (lang) => join(dir, LOCALES_DIR, `${lang}.json`),
  };
}

const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/;

/** "en", "pt-br", "zh-tw": safe to put in a path or URL. */
export function isLanguageCode(lang: string): boolean {
  return LANGUAGE_CODE.test(lang);
}

/** English first, then the asked languages, normalised, valid and without duplicates. */
export function wantedLanguages(languages: readonly string[]): { readonly valid: readonly string[]; readonly invalid: readonly string[] } {
  const all = [...new Set(['en', ...languages.map(normalizeLanguage)])];
  return { valid: all.filter(isLanguageCode), invalid: all.filter((l) => !isLanguageCode(l)) };
}

/** `index.json` of pogo-translations: ["de.json", "en.json", …] → ["de", "en", …]; null when not such a list. */
export function languagesOfIndex(raw: unknown): readonly string[] | null {
  if (!Array.isArray(raw) || !raw.every((x) => typeof x === 'string')) return null;
  return raw.map((file: string) => normalizeLanguage(file.replace(/\.json$/i, ''))).filter(isLanguageCode);
}

/** A locale file we can use: an object whose values are (almost all) strings. */
export function looksLikeLocale(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
  const values = Object.values(raw);
  return values.length > 0 && values.filter((v) => typeof v === 'string').length >= values.length * 0.9;
}
