/**
 * GET /api/masterdata/{creatures,monsters,items,moves}: the loaded game data, English names, in a stable order
 * (by id, then form). `monsters` answers in the previous generation's shape (an object keyed by `<id>_<form>`,
 * no status wrapper); the others answer `{"status":"ok","<kind>":[…]}`. Alert plugins add their own listings
 * below /masterdata (the invasion plugin's grunts, the quest plugin's quest types) as API routes.
 */
import type { GameData } from '../../gamedata/game-data.ts';
import type { PokemonInfo } from '../../gamedata/types.ts';
import type { ConfigApiDeps } from './config-deps.ts';
import type { RouteSpec } from './route-table.ts';

/** Each species' forms: the base form first, then the masterfile's forms by id. */
function formsOf(data: GameData, base: PokemonInfo): PokemonInfo[] {
  const ids = [...new Set(data.forms(base.id).map((f) => f.form))].filter((f) => f !== 0).sort((a, b) => a - b);
  return [base, ...ids.map((form) => data.pokemon(base.id, form))];
}

const typeRefs = (p: PokemonInfo) => p.types.map((t) => ({ id: t.id, name: t.name }));
const stats = (p: PokemonInfo) => ({ baseAttack: p.baseStats.baseAttack, baseDefense: p.baseStats.baseDefense, baseStamina: p.baseStats.baseStamina });

function creature(data: GameData, base: PokemonInfo): Record<string, unknown> {
  return {
    id: base.id,
    name: base.name,
    generation: base.generation.id,
    ...(base.legendary === undefined ? {} : { legendary: base.legendary }),
    ...(base.mythic === undefined ? {} : { mythic: base.mythic }),
    forms: formsOf(data, base).map((p) => ({
      id: p.form,
      name: p.formName,
      types: typeRefs(p),
      stats: stats(p),
      evolutions: p.evolutions.map((e) => ({ id: e.id, form: e.form, ...(e.candyCost === undefined ? {} : { candyCost: e.candyCost }) })),
      tempEvolutions: p.tempEvolutions.map((t) => ({ id: t.id, name: t.name, types: t.types.map((x) => ({ id: x.id, name: x.name })) })),
    })),
  };
}

/** The previous generation's monsters: keyed `<id>_<form>`. */
function monsters(data: GameData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const base of data.allPokemon()) {
    for (const p of formsOf(data, base)) {
      out[`${p.id}_${p.form}`] = {
        name: p.name,
        id: p.id,
        types: typeRefs(p),
        form: { name: p.formName, id: p.form },
        stats: stats(p),
        evolutions: p.evolutions.map((e) => ({ evoId: e.id, id: e.form, ...(e.candyCost === undefined ? {} : { candyCost: e.candyCost }) })),
      };
    }
  }
  return out;
}

export function masterDataRoutes(deps: ConfigApiDeps): RouteSpec[] {
  const data = () => deps.gameData();
  return [
    { method: 'GET', path: '/masterdata/creatures', handler: async () => ({ status: 'ok', creatures: data().allPokemon().map((p) => creature(data(), p)) }) },
    { method: 'GET', path: '/masterdata/monsters', handler: async () => monsters(data()) },
    { method: 'GET', path: '/masterdata/items', handler: async () => ({ status: 'ok', items: data().allItems().map((i) => ({ id: i.id, name: i.name })) }) },
    {
      method: 'GET',
      path: '/masterdata/moves',
      handler: async () => ({ status: 'ok', moves: data().allMoves().map((m) => ({ id: m.id, name: m.name, type: m.type ? { id: m.type.id, name: m.type.name } : null })) }),
    },
  ];
}
