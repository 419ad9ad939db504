/**
 * A small seeded pseudo-random generator (32-bit state, splitmix-style mixing) so every population, fence set
 * and webhook stream of the benchmarks is the same for the same seed, on every machine and Node version.
 */

export interface Random {
  /** a float in [0, 1) */
  next(): number;
  /** an integer in [min, max] (both included) */
  int(min: number, max: number): number;
  /** true with probability p */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** a fresh generator whose stream depends only on this one's seed and `label` */
  fork(label: string): Random;
}

function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    z ^= z >>> 16;
    return (z >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    fork: (label) => seededRandom((seed ^ hashLabel(label)) >>> 0),
  };
  return random;
}
