/**
 * Game helpers that name things: creatures, forms, moves, types, emoji, translations. Each comes in three
 * flavours as in PoracleJS: plain (the render language, `@language`), `…Eng` (untranslated) and `…Alt`
 * ([locale] language, `@altLanguage`). Unknown ids render as empty text (or what the lookups return).
 */
import type { GameLookups } from '../game-lookups.ts';
import { altLanguageOf, languageOf, platformOf, split, toId, type Helper, type HelperOptions } from './options.ts';

type Flavour = (options: HelperOptions) => string | undefined;
const FLAVOURS: Readonly<Record<string, Flavour>> = {
  '': languageOf,
  Eng: () => undefined,
  Alt: altLanguageOf,
};

/** Registers `${name}`, `${name}Eng` and `${name}Alt` from one lookup by id. */
function flavoured(name: string, lookup: (id: number, language: string | undefined, options: HelperOptions) => string): Record<string, Helper> {
  const out: Record<string, Helper> = {};
  for (const [suffix, languageFor] of Object.entries(FLAVOURS)) {
    out[`${name}${suffix}`] = (...args) => {
      const { params, options } = split(args);
      const id = toId(params[0]);
      return id === null ? '' : lookup(id, languageFor(options), options);
    };
  }
  return out;
}

function moveEmoji(lookups: GameLookups, moveId: number, language: string | undefined, options: HelperOptions): string {
  const type = lookups.moveType(moveId);
  if (!type) return '';
  const emoji = lookups.typeEmoji(type, platformOf(options));
  return language === undefined || !emoji ? emoji : lookups.translate(emoji, language);
}

/** `{{#pokemon id form}}{{name}} {{typeEmoji}}…{{/pokemon}}`: a block with the creature's names, types and stats. */
function pokemonBlock(lookups: GameLookups): Helper {
  return function (this: unknown, ...args) {
    const { params, options } = split(args);
    if (!options.fn) return '';
    const id = toId(params[0]);
    const form = toId(params[1]) ?? 0;
    const info = id === null ? null : lookups.pokemonInfo(id, form);
    if (id === null || (info === null && !lookups.pokemonName(id))) return options.inverse?.(this) ?? '';
    const language = languageOf(options);
    const formNameEng = form ? lookups.formName(form) : '';
    const formNormalisedEng = formNameEng === 'Normal' ? '' : formNameEng;
    const formNormalised = formNormalisedEng ? lookups.formName(form, language) : '';
    const name = lookups.pokemonName(id, language);
    const nameEng = lookups.pokemonName(id);
    const types = info?.types ?? [];
    const emoji = types.map((t) => lookups.translate(lookups.typeEmoji(t, platformOf(options)), language));
    return options.fn({
      name,
      nameEng,
      formName: form ? lookups.formName(form, language) : '',
      formNameEng,
      formNormalised,
      formNormalisedEng,
      fullName: formNormalised ? `${name} ${formNormalised}` : name,
      fullNameEng: formNormalisedEng ? `${nameEng} ${formNormalisedEng}` : nameEng,
      emoji,
      typeNameEng: [...types],
      typeName: types.map((t) => lookups.typeName(t, language)).join(', '),
      typeEmoji: emoji.join(''),
      hasEvolutions: info?.hasEvolutions ?? false,
      baseStats: info?.baseStats ?? { baseAttack: 0, baseDefense: 0, baseStamina: 0 },
    });
  };
}

export function gameNameHelpers(lookups: GameLookups): Record<string, Helper> {
  const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
  return {
    ...flavoured('pokemonName', (id, language) => lookups.pokemonName(id, language)),
    ...flavoured('pokemonForm', (id, language) => lookups.formName(id, language)),
    ...flavoured('moveName', (id, language) => lookups.moveName(id, language)),
    ...flavoured('moveType', (id, language) => lookups.moveType(id, language)),
    ...flavoured('moveEmoji', (id, language, options) => moveEmoji(lookups, id, language, options)),
    pokemon: pokemonBlock(lookups),
    /** `{{getEmoji 'shiny'}}`: an emoji by key for the platform, translated into the render language */
    getEmoji: (...args) => {
      const { params, options } = split(args);
      const key = text(params[0]);
      return key ? lookups.translate(lookups.emoji(key, platformOf(options)), languageOf(options)) : '';
    },
    /** `{{translateAlt text}}`: the text in the alt language */
    translateAlt: (...args) => {
      const { params, options } = split(args);
      const value = text(params[0]);
      return value ? lookups.translate(value, altLanguageOf(options)) : '';
    },
  };
}
