/**
 * The masterfile (master-latest-poracle.json: `monsters`, `moves`, `items`, `types`, …) → indexed maps; the
 * sections the core does not read (`grunts`) stay as the file has them.
 */
import { arrayOf, isObject, numberOf, objectOf, stringOf, type JsonObject } from './json-read.ts';
import { parsePokemon } from './pokemon-parse.ts';
import { TypeCatalog } from './type-catalog.ts';
import type { FormInfo, ItemInfo, MoveInfo, PokemonInfo, TypeRef } from './types.ts';

export interface MasterfileData {
  readonly types: TypeCatalog;
  /** by `${id}_${form}` */
  readonly pokemon: ReadonlyMap<string, PokemonInfo>;
  /** the forms of each pokemon id, in file order */
  readonly forms: ReadonlyMap<number, readonly FormInfo[]>;
  /** English form names by form id */
  readonly formNames: ReadonlyMap<number, string>;
  readonly moves: ReadonlyMap<number, MoveInfo>;
  readonly items: ReadonlyMap<number, ItemInfo>;
  /** the file's top-level sections, for the ones plugins read themselves (GameData.masterfileSection) */
  readonly sections: JsonObject;
}

export function pokemonKey(id: number, form: number): string {
  return `${id}_${form}`;
}

/** Every (id, name) type pair the file shows: monster types and the type chart entries. */
function discoverTypes(raw: JsonObject): TypeRef[] {
  const found: TypeRef[] = [];
  for (const monster of Object.values(objectOf(raw['monsters']))) {
    for (const t of arrayOf(objectOf(monster)['types'])) {
      const id = numberOf(objectOf(t)['id']);
      const name = stringOf(objectOf(t)['name']);
      if (id !== undefined && name) found.push({ id, name });
    }
  }
  for (const chart of Object.values(objectOf(raw['types']))) {
    for (const list of Object.values(objectOf(chart))) {
      for (const t of arrayOf(list)) {
        const id = numberOf(objectOf(t)['typeId']);
        const name = stringOf(objectOf(t)['typeName']);
        if (id !== undefined && name) found.push({ id, name });
      }
    }
  }
  return found;
}

function parseMonsters(raw: JsonObject, types: TypeCatalog): Pick<MasterfileData, 'pokemon' | 'forms' | 'formNames'> {
  const pokemon = new Map<string, PokemonInfo>();
  const forms = new Map<number, FormInfo[]>();
  const formNames = new Map<number, string>();
  for (const entry of Object.values(objectOf(raw['monsters']))) {
    const p = parsePokemon(entry, types);
    if (!p) continue;
    pokemon.set(pokemonKey(p.id, p.form), p);
    const list = forms.get(p.id) ?? [];
    list.push(Object.freeze({ form: p.form, formName: p.formName }));
    forms.set(p.id, list);
    if (p.form !== 0 && !formNames.has(p.form)) formNames.set(p.form, p.formName);
  }
  return { pokemon, forms, formNames };
}

function parseMoves(raw: JsonObject, types: TypeCatalog): Map<number, MoveInfo> {
  const moves = new Map<number, MoveInfo>();
  for (const [key, entry] of Object.entries(objectOf(raw['moves']))) {
    const id = numberOf(key);
    const name = stringOf(objectOf(entry)['name']);
    if (id === undefined || !name) continue;
    const type = types.byName(stringOf(objectOf(entry)['type']) ?? '');
    moves.set(id, Object.freeze({ id, name, type: type ? Object.freeze({ id: type.id, name: type.name }) : null, known: true }));
  }
  return moves;
}

function parseItems(raw: JsonObject): Map<number, ItemInfo> {
  const items = new Map<number, ItemInfo>();
  for (const [key, entry] of Object.entries(objectOf(raw['items']))) {
    const id = numberOf(key);
    const name = stringOf(objectOf(entry)['name']);
    if (id !== undefined && name) items.set(id, Object.freeze({ id, name, known: true }));
  }
  return items;
}

export function parseMasterfile(raw: unknown): MasterfileData {
  const file = objectOf(raw);
  const types = new TypeCatalog(discoverTypes(file));
  return {
    types,
    ...parseMonsters(file, types),
    moves: parseMoves(file, types),
    items: parseItems(file),
    sections: file,
  };
}

/** A masterfile we can use has a `monsters` object. */
export function looksLikeMasterfile(raw: unknown): boolean {
  return isObject(raw) && isObject(raw['monsters']);
}
