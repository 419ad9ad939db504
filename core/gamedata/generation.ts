/**
 * The generation of a pokemon: by national dex range, except regional forms (Alola, Galar, Hisui, Paldea),
 * which belong to the generation of their region.
 */
import { GENERATIONS, REGIONAL_FORM_GENERATION, type GenerationRow } from './tables.ts';
import type { GenerationInfo } from './types.ts';

const UNKNOWN: GenerationInfo = Object.freeze({ id: 0, name: 'Unknown', roman: '' });

function info(row: GenerationRow): GenerationInfo {
  return Object.freeze({ id: row.id, name: row.name, roman: row.roman });
}

const BY_ID: ReadonlyMap<number, GenerationInfo> = new Map(GENERATIONS.map((row) => [row.id, info(row)]));

/** A generation by its number (1..9); unknown numbers give id 0. */
export function generationById(id: number): GenerationInfo {
  return BY_ID.get(id) ?? UNKNOWN;
}

export function generationOf(pokemonId: number, formName = ''): GenerationInfo {
  const form = formName.toLowerCase();
  if (form) {
    const regional = REGIONAL_FORM_GENERATION.find(([prefix]) => form.startsWith(prefix));
    if (regional) return generationById(regional[1]);
  }
  const row = GENERATIONS.find((g) => pokemonId >= g.first && pokemonId <= g.last);
  return row ? generationById(row.id) : UNKNOWN;
}
