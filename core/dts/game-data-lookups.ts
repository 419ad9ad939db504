/**
 * The real `GameLookups`: the DTS game helpers answered from GameData, the CP/power-up tables and the
 * operator's custom maps (config/customMaps/, read once on first use).
 */
import { fallbackName } from '../gamedata/fallback-names.ts';
import type { GameData } from '../gamedata/game-data.ts';
import type { Logger } from '../log/logger.ts';
import { cpMultiplierOf, POWER_UP_STEPS } from './cp-tables.ts';
import { loadCustomMaps, type CustomMaps } from './custom-maps.ts';
import type { GameLookups, PokemonInfo } from './game-lookups.ts';

export interface GameDataLookupsOptions {
  /** the checkout root; custom maps come from `<rootDir>/config/customMaps/` */
  readonly rootDir: string;
  readonly log: Logger;
}

const validId = (id: number): boolean => Number.isInteger(id) && id > 0;

export function gameDataLookups(data: GameData, options: GameDataLookupsOptions): GameLookups {
  let customMaps: CustomMaps | undefined;
  const typeOf = (type: string) => (type ? data.typeByName(type) : undefined);
  /** '' where GameData only has its readable fallback ("Pokemon 1234"). */
  const named = (name: string, fallback: string): string => (name === fallback ? '' : name);

  return {
    pokemonName: (id, language) => (validId(id) ? named(data.pokemonName(id, language), fallbackName.pokemon(id)) : ''),
    formName: (formId, language) => (validId(formId) ? named(data.formName(formId, language), fallbackName.form(formId)) : ''),
    pokemonInfo: (id, form): PokemonInfo | null => {
      if (!validId(id)) return null;
      let info = data.pokemon(id, form);
      if (!info.known && form) info = data.pokemon(id, 0);
      if (!info.known) return null;
      return {
        types: info.types.map((t) => t.name),
        baseStats: { ...info.baseStats },
        hasEvolutions: info.evolutions.length > 0 || info.tempEvolutions.length > 0,
      };
    },
    typeName: (type, language) => {
      const info = typeOf(type);
      return info ? data.typeName(info.id, language) : type;
    },
    typeEmoji: (type, platform) => {
      const info = typeOf(type);
      return info ? data.emoji(info.emojiKey, platform) : '';
    },
    moveName: (moveId, language) => (validId(moveId) ? data.moveName(moveId, language) : ''),
    moveType: (moveId, language) => {
      const type = validId(moveId) ? data.move(moveId).type : null;
      return type ? data.typeName(type.id, language) : '';
    },
    emoji: (key, platform) => data.emoji(key, platform),
    translate: (text, language) => (text && language ? data.translate(text, language) : text),
    cpMultiplier: (level) => cpMultiplierOf(level),
    powerUpSteps: () => POWER_UP_STEPS,
    customMap: (name, language) => {
      customMaps ??= loadCustomMaps(options.rootDir, options.log);
      return customMaps.find(name, language);
    },
  };
}
