/**
 * The wild species the benchmark webhooks draw from: dex 1–386 without legendaries and mythicals, each with
 * the form Golbat reports ("Normal" where the masterfile has one), base stats, and its evolutions (two steps)
 * for the PVP rank arrays. Spawn odds follow a seeded power law, so a few species are common and most are rare.
 */
import type { GameData } from '../../core/gamedata/game-data.ts';
import type { Random } from './random.ts';

/** legendary and mythical dex numbers up to 386, which do not spawn in the wild */
const NOT_WILD = new Set([144, 145, 146, 150, 151, 243, 244, 245, 249, 250, 251, 377, 378, 379, 380, 381, 382, 383, 384, 385, 386]);

export interface SpeciesEntry {
  readonly id: number;
  readonly form: number;
  readonly attack: number;
  readonly defense: number;
  readonly stamina: number;
  /** ranked members of the family for PVP arrays: itself first, then its evolutions */
  readonly family: readonly { readonly pokemon: number; readonly form: number }[];
}

export interface SpeciesPool {
  readonly entries: readonly SpeciesEntry[];
  /** a species by spawn odds */
  draw(random: Random): SpeciesEntry;
}

function normalForm(gameData: GameData, id: number): number {
  return gameData.forms(id).find((f) => f.formName === 'Normal')?.form ?? 0;
}

function family(gameData: GameData, id: number, form: number): { pokemon: number; form: number }[] {
  const members = [{ pokemon: id, form }];
  for (const first of gameData.pokemon(id).evolutions) {
    members.push({ pokemon: first.id, form: first.form });
    for (const second of gameData.pokemon(first.id).evolutions) members.push({ pokemon: second.id, form: second.form });
  }
  return members.slice(0, 4);
}

function entryFor(gameData: GameData, id: number): SpeciesEntry {
  const info = gameData.pokemon(id);
  const form = normalForm(gameData, id);
  const s = info.baseStats;
  const known = s.baseAttack > 0 && s.baseDefense > 0 && s.baseStamina > 0;
  return {
    id,
    form,
    attack: known ? s.baseAttack : 150,
    defense: known ? s.baseDefense : 150,
    stamina: known ? s.baseStamina : 150,
    family: family(gameData, id, form),
  };
}

export function speciesPool(gameData: GameData, random: Random): SpeciesPool {
  const entries: SpeciesEntry[] = [];
  for (let id = 1; id <= 386; id++) if (!NOT_WILD.has(id)) entries.push(entryFor(gameData, id));
  const order = [...entries];
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const cumulative: number[] = [];
  let total = 0;
  order.forEach((_, rank) => cumulative.push((total += 1 / (rank + 1) ** 0.8)));
  return {
    entries,
    draw(r) {
      const x = r.next() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      return order[lo]!;
    },
  };
}

/** CP multiplier at whole levels every 5 (the game's published values); between them cpm² is interpolated. */
const CPM_ANCHORS: readonly [number, number][] = [
  [1, 0.094],
  [5, 0.29024988],
  [10, 0.4225],
  [15, 0.51739395],
  [20, 0.5974],
  [25, 0.667934],
  [30, 0.7317],
  [35, 0.76156384],
  [40, 0.7903],
];

export function cpMultiplier(level: number): number {
  for (let i = 1; i < CPM_ANCHORS.length; i++) {
    const [l1, m1] = CPM_ANCHORS[i]!;
    const [l0, m0] = CPM_ANCHORS[i - 1]!;
    if (level <= l1) return Math.sqrt(m0 ** 2 + ((level - l0) / (l1 - l0)) * (m1 ** 2 - m0 ** 2));
  }
  return CPM_ANCHORS[CPM_ANCHORS.length - 1]![1];
}

/** The game's CP formula (minimum 10). */
export function combatPower(s: SpeciesEntry, atk: number, def: number, sta: number, level: number): number {
  const m = cpMultiplier(level);
  return Math.max(10, Math.floor(((s.attack + atk) * Math.sqrt(s.defense + def) * Math.sqrt(s.stamina + sta) * m * m) / 10));
}
