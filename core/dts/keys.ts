/**
 * Normalisation of the fields that identify a template: languages (missing / empty / `%` = any language) and
 * ids (strings, compared case-insensitively). Platform names are the registered platforms' (platforms.ts).
 */

/** `''` for a language-independent entry. */
export function normaliseLanguage(value: string | undefined | null): string {
  const lang = (value ?? '').trim();
  return lang === '%' ? '' : lang;
}

export function idKey(id: string): string {
  return id.trim().toLowerCase();
}

/** The identity of an entry: the last loaded entry with the same key wins. */
export function entryKey(type: string, platform: string, id: string, language: string): string {
  return `${type}\u0000${platform}\u0000${idKey(id)}\u0000${language}`;
}

/** The key of the `default` entry of a (type, platform, language). */
export function defaultKey(type: string, platform: string, language: string): string {
  return `${type}\u0000${platform}\u0000${language}`;
}
