/**
 * One masterfile monster entry (`monsters["25_0"]` of master-latest-poracle.json) → PokemonInfo.
 */
import { fallbackName } from './fallback-names.ts';
import { generationOf } from './generation.ts';
import { arrayOf, booleanOf, isObject, numberOf, objectOf, stringOf, type JsonObject } from './json-read.ts';
import { TEMP_EVOLUTIONS } from './tables.ts';
import type { TypeCatalog } from './type-catalog.ts';
import type { BaseStats, EvolutionInfo, PokemonInfo, TempEvolutionInfo, TypeRef } from './types.ts';

export const ZERO_STATS: BaseStats = Object.freeze({ baseAttack: 0, baseDefense: 0, baseStamina: 0 });

/** `[{ id, name }]` → refs; a missing name comes from the catalog. */
export function typeRefsOf(value: unknown, catalog: TypeCatalog): readonly TypeRef[] {
  const refs: TypeRef[] = [];
  for (const entry of arrayOf(value)) {
    const id = numberOf(objectOf(entry)['id']);
    if (id === undefined) continue;
    const name = stringOf(objectOf(entry)['name']);
    refs.push(Object.freeze({ id, name: name || catalog.info(id).name }));
  }
  return Object.freeze(refs);
}

export function statsOf(value: unknown): BaseStats {
  const s = objectOf(value);
  return Object.freeze({
    baseAttack: numberOf(s['baseAttack']) ?? 0,
    baseDefense: numberOf(s['baseDefense']) ?? 0,
    baseStamina: numberOf(s['baseStamina']) ?? 0,
  });
}

function evolutionsOf(value: unknown): readonly EvolutionInfo[] {
  const out: EvolutionInfo[] = [];
  for (const raw of arrayOf(value)) {
    const e = objectOf(raw);
    const id = numberOf(e['evoId']);
    if (id === undefined) continue;
    const candyCost = numberOf(e['candyCost']);
    const itemRequirement = stringOf(e['itemRequirement']);
    out.push(Object.freeze({ id, form: numberOf(e['id']) ?? 0, ...(candyCost !== undefined && { candyCost }), ...(itemRequirement && { itemRequirement }) }));
  }
  return Object.freeze(out);
}

export function tempEvolutionName(id: number): string {
  return TEMP_EVOLUTIONS.get(id) ?? fallbackName.tempEvolution(id);
}

function tempEvolutionsOf(value: unknown, baseTypes: readonly TypeRef[], catalog: TypeCatalog): readonly TempEvolutionInfo[] {
  const out: TempEvolutionInfo[] = [];
  for (const raw of arrayOf(value)) {
    const t = objectOf(raw);
    const id = numberOf(t['tempEvoId']);
    if (id === undefined) continue;
    const types = typeRefsOf(t['types'], catalog);
    out.push(
      Object.freeze({
        id,
        name: tempEvolutionName(id),
        baseStats: statsOf(t['stats']),
        types: types.length > 0 ? types : baseTypes,
        unreleased: booleanOf(t['unreleased']) ?? false,
      }),
    );
  }
  return Object.freeze(out);
}

/** null when the entry has no usable pokemon id. */
export function parsePokemon(entry: unknown, catalog: TypeCatalog): PokemonInfo | null {
  if (!isObject(entry)) return null;
  const m: JsonObject = entry;
  const id = numberOf(m['id']);
  if (id === undefined) return null;
  const form = objectOf(m['form']);
  const formName = stringOf(form['name']) ?? '';
  const types = typeRefsOf(m['types'], catalog);
  const legendary = booleanOf(m['legendary']);
  const mythic = booleanOf(m['mythic']);
  const ultraBeast = booleanOf(m['ultraBeast']);
  return Object.freeze({
    id,
    form: numberOf(form['id']) ?? 0,
    name: stringOf(m['name']) || fallbackName.pokemon(id),
    formName,
    types,
    baseStats: statsOf(m['stats']),
    generation: generationOf(id, formName),
    evolutions: evolutionsOf(m['evolutions']),
    tempEvolutions: tempEvolutionsOf(m['tempEvolutions'], types, catalog),
    ...(legendary !== undefined && { legendary }),
    ...(mythic !== undefined && { mythic }),
    ...(ultraBeast !== undefined && { ultraBeast }),
    known: true,
  });
}
