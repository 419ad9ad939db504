/**
 * Names shared by the English view and the language layer: the boss's full name (temporary evolution, name,
 * form) and the move names, in one language.
 */
import type { GameData } from '../../core/gamedata/index.ts';
import type { RaidEvent } from './event.ts';

/** the form's name, '' for the normal form or none */
export function shownFormName(gameData: GameData, form: number, lang?: string): string {
  if (form === 0) return '';
  const name = gameData.formName(form, lang);
  return /^normal$/i.test(name) ? '' : name;
}

/** `Mega Mewtwo`, `Giratina Origin`; '' for an egg */
export function bossFullName(gameData: GameData, event: RaidEvent, lang?: string): string {
  if (event.pokemonId === 0) return '';
  const name = gameData.pokemonName(event.pokemonId, lang);
  const form = shownFormName(gameData, event.form, lang);
  const base = form ? `${name} ${form}` : name;
  return event.evolution ? `${gameData.tempEvolutionName(event.evolution, lang)} ${base}` : base;
}

export function moveName(gameData: GameData, moveId: number, lang?: string): string {
  return moveId ? gameData.moveName(moveId, lang) : '';
}
