/**
 * The names of an invasion at a lured stop (`gruntName`, `gruntTypeName`), as the previous generation gave
 * lure templates: the character's name from the translations (`grunt_<id>`) and its type from the masterfile's
 * grunt table (a pokemon type's name, else the table's word translated). '' when there is no invasion.
 */
import type { GameData } from '../../core/gamedata/index.ts';

function gruntType(gameData: GameData, gruntTypeId: number): string {
  const table = gameData.masterfileSection('grunts');
  if (typeof table !== 'object' || table === null) return '';
  const entry = (table as Record<string, unknown>)[String(gruntTypeId)];
  const type = typeof entry === 'object' && entry !== null ? (entry as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type : '';
}

export function gruntNames(gameData: GameData, gruntTypeId: number, lang?: string): { readonly gruntName: string; readonly gruntTypeName: string } {
  if (gruntTypeId <= 0) return { gruntName: '', gruntTypeName: '' };
  const gruntName = (lang === undefined ? undefined : gameData.translation(`grunt_${gruntTypeId}`, lang)) ?? gameData.translation(`grunt_${gruntTypeId}`) ?? '';
  const english = gruntType(gameData, gruntTypeId);
  const pokemonType = english ? gameData.typeByName(english) : undefined;
  const gruntTypeName = pokemonType ? gameData.typeName(pokemonType.id, lang) : english && lang ? gameData.translate(english, lang) : english;
  return { gruntName, gruntTypeName };
}
