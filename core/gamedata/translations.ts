/**
 * pogo-translations locale files (`{ "poke_25": "Pikachu", "move_14": "Hyper Beam", … }`) per language.
 * A key missing in a language falls back to English for that key; English text (not only keys) can be
 * translated too, through the English file read backwards ("Hyper Beam" → move_14 → "Hyperstrahl").
 */

export const BASE_LANGUAGE = 'en';

export type LocaleTable = Readonly<Record<string, string>>;

export class Translations {
  private readonly tables: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** English text → its first key, exact and lower-cased */
  private readonly englishKeys = new Map<string, string>();
  private readonly englishKeysLower = new Map<string, string>();

  constructor(tables: Readonly<Record<string, LocaleTable>>) {
    const map = new Map<string, ReadonlyMap<string, string>>();
    for (const [lang, table] of Object.entries(tables)) map.set(normalizeLanguage(lang), new Map(Object.entries(table)));
    this.tables = map;
    for (const [key, text] of this.tables.get(BASE_LANGUAGE) ?? []) {
      if (!this.englishKeys.has(text)) this.englishKeys.set(text, key);
      const lower = text.toLowerCase();
      if (!this.englishKeysLower.has(lower)) this.englishKeysLower.set(lower, key);
    }
  }

  get languages(): readonly string[] {
    return [...this.tables.keys()];
  }

  /** the keys of the base (English) table that start with `prefix` */
  keysWithPrefix(prefix: string): string[] {
    return [...(this.tables.get(BASE_LANGUAGE)?.keys() ?? [])].filter((key) => key.startsWith(prefix));
  }

  has(lang: string): boolean {
    return this.tables.has(normalizeLanguage(lang));
  }

  /** The entries of one language (for name indexes). */
  entries(lang: string): Iterable<[string, string]> {
    return this.tables.get(normalizeLanguage(lang))?.entries() ?? [];
  }

  /** The text of a key in `lang`, else in English, else undefined. */
  lookup(key: string, lang: string): string | undefined {
    return this.tables.get(normalizeLanguage(lang))?.get(key) ?? this.tables.get(BASE_LANGUAGE)?.get(key);
  }

  /** A key or an English text in `lang`; what cannot be translated comes back unchanged. */
  translate(keyOrText: string, lang: string): string {
    const byKey = this.lookup(keyOrText, lang);
    if (byKey !== undefined) return byKey;
    const key = this.englishKeys.get(keyOrText) ?? this.englishKeysLower.get(keyOrText.toLowerCase());
    return (key !== undefined ? this.lookup(key, lang) : undefined) ?? keyOrText;
  }
}

/** "pt_BR", "PT-br" → "pt-br". */
export function normalizeLanguage(lang: string): string {
  return lang.trim().toLowerCase().replace(/_/g, '-');
}
