/**
 * GET /api/masterdata/{creatures,monsters,items,moves,grunts,quests}: the loaded game data, English names,
 * in a stable order (by id, then form). `monsters` and `grunts` answer in the previous generation's shapes
 * (objects keyed by id, no status wrapper); the others answer `{"status":"ok","<kind>":[…]}`.
 *
 * GameData lists pokemon and items but not moves, grunts or quest types: those are enumerated by asking for
 * every id up to a bound (well above the highest id the game uses) and keeping the known ones, once per
 * GameData instance.
 */
import type { GameData } from '../../gamedata/game-data.ts';
import type { GruntInfo, MoveInfo, PokemonInfo, RewardSlot } from '../../gamedata/types.ts';
import type { ConfigApiDeps } from './config-deps.ts';
import type { RouteSpec } from './route-table.ts';

const SLOTS: readonly RewardSlot[] = ['first', 'second', 'third'];

interface Enumerated {
  readonly moves: readonly MoveInfo[];
  readonly grunts: readonly GruntInfo[];
  readonly questTypes: readonly { id: number; name: string }[];
  readonly rewardTypes: readonly { id: number; name: string }[];
}

const enumerated = new WeakMap<GameData, Enumerated>();

/** The translations' `<prefix><n>` keys (quest types, reward types) as id and English name, by id. */
function translated(data: GameData, prefix: string): { id: number; name: string }[] {
  const pattern = new RegExp(`^${prefix}(\\d+)$`);
  return data
    .translationKeys(prefix)
    .flatMap((key) => {
      const id = pattern.exec(key)?.[1];
      return id === undefined ? [] : [{ id: Number(id), name: data.translate(key, 'en') }];
    })
    .sort((x, y) => x.id - y.id);
}

function enumerate(data: GameData): Enumerated {
  let done = enumerated.get(data);
  if (!done) {
    done = { moves: data.allMoves(), grunts: data.allGrunts(), questTypes: translated(data, 'quest_'), rewardTypes: translated(data, 'quest_reward_') };
    enumerated.set(data, done);
  }
  return done;
}

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

/** The previous generation's grunts: keyed by grunt id. */
function grunts(data: GameData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const g of enumerate(data).grunts) {
    const rewarded = new Set(g.rewards.map((r) => r.slot));
    out[String(g.id)] = {
      type: g.type,
      gender: g.gender,
      grunt: g.grunt,
      firstReward: rewarded.has('first'),
      secondReward: rewarded.has('second'),
      thirdReward: rewarded.has('third'),
      encounters: Object.fromEntries(SLOTS.map((slot) => [slot, g.encounters[slot].map((e) => ({ id: e.id, form: e.form }))])),
    };
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
      handler: async () => ({ status: 'ok', moves: enumerate(data()).moves.map((m) => ({ id: m.id, name: m.name, type: m.type ? { id: m.type.id, name: m.type.name } : null })) }),
    },
    { method: 'GET', path: '/masterdata/grunts', handler: async () => grunts(data()) },
    {
      method: 'GET',
      path: '/masterdata/quests',
      handler: async () => {
        const { questTypes, rewardTypes } = enumerate(data());
        return { status: 'ok', questTypes, rewardTypes };
      },
    },
  ];
}
