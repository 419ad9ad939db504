/**
 * What a user typed → dex ids: a dex number, an alias, or a pokemon name in any loaded language.
 * Order: number, alias, the user's language, English (translations and masterfile names), other languages.
 */
import type { AliasMap } from './aliases.ts';
import type { MasterfileData } from './masterfile.ts';
import { NameIndex, normalizeName } from './names.ts';
import { BASE_LANGUAGE, normalizeLanguage, type Translations } from './translations.ts';

const POKE_KEY = /^poke_(\d+)$/;
const MAX_DEX_ID = 100_000;

export class PokemonResolver {
  private readonly byLanguage = new Map<string, NameIndex>();

  constructor(
    private readonly aliases: AliasMap,
    translations: Translations,
    master: MasterfileData,
  ) {
    for (const lang of translations.languages) {
      const index = new NameIndex();
      for (const [key, text] of translations.entries(lang)) {
        const id = POKE_KEY.exec(key)?.[1];
        if (id !== undefined && Number(id) > 0) index.add(text, Number(id));
      }
      this.byLanguage.set(lang, index);
    }
    const english = this.byLanguage.get(BASE_LANGUAGE) ?? new NameIndex();
    for (const p of master.pokemon.values()) english.add(p.name, p.id);
    this.byLanguage.set(BASE_LANGUAGE, english);
  }

  private static dexNumber(input: string | number): number | undefined {
    const text = String(input).trim().replace(/^#/, '');
    if (!/^\d+$/.test(text)) return undefined;
    const n = Number(text);
    return n > 0 && n < MAX_DEX_ID ? n : undefined;
  }

  resolve(input: string | number, lang?: string): readonly number[] {
    const dex = PokemonResolver.dexNumber(input);
    if (dex !== undefined) return [dex];
    const text = String(input);
    if (!normalizeName(text)) return [];
    const alias = this.aliases.get(normalizeName(text));
    if (alias) return alias;
    const order = [lang ? normalizeLanguage(lang) : BASE_LANGUAGE, BASE_LANGUAGE, ...this.byLanguage.keys()];
    for (const language of order) {
      const ids = this.byLanguage.get(language)?.get(text);
      if (ids) return Object.freeze([...ids]);
    }
    return [];
  }
}
