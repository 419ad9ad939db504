/**
 * Reply translation: an English reply text → the user's language. Looked up first in the game-data
 * translations (pogo-translations, by its English text), then in the bundled tables
 * (fallbacks/locale/<lang>.json: English text → translation); the `{name}` placeholders are filled last, so a
 * translation keeps them. English, and anything without a translation, stays as written.
 */

/** English text → translated text, per language. */
export type LocaleTables = ReadonlyMap<string, Readonly<Record<string, string>>>;

export type Translate = (text: string, vars?: Readonly<Record<string, string | number>>) => string;

export interface TranslationSources {
  /** gameData().translate */
  readonly gameData?: (text: string, language: string) => string;
  readonly tables: LocaleTables;
}

/** `{name}` → vars.name; unknown placeholders stay as they are. */
export function fillPlaceholders(text: string, vars: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
}

function baseLanguage(language: string): string {
  return language.trim().toLowerCase().replace(/_/g, '-');
}

/** The text in `language`, before the placeholders are filled. */
export function translateText(text: string, language: string, sources: TranslationSources): string {
  const lang = baseLanguage(language);
  if (lang === '' || lang === 'en') return text;
  const fromGame = sources.gameData?.(text, lang);
  if (fromGame !== undefined && fromGame !== text) return fromGame;
  const table = sources.tables.get(lang) ?? sources.tables.get(lang.split('-')[0]!);
  return table?.[text] ?? text;
}

/** A translator bound to one language. */
export function translatorFor(language: string, sources: TranslationSources): Translate {
  return (text, vars) => fillPlaceholders(translateText(text, language, sources), vars);
}
