/**
 * Public game constants for the CP helpers: the CP multiplier per level (1 … 55 in half-level steps) and the
 * power-up cost per half level (stardust, candy, XL candy) from level 1 to 50.
 */
import type { PowerUpStep } from './game-lookups.ts';

/** CP multiplier of the whole levels 1 … 55 (index 0 = level 1), as in the game master. */
const WHOLE_LEVEL_CPM: readonly number[] = [
  0.094, 0.16639787, 0.21573247, 0.25572005, 0.29024988, 0.3210876, 0.34921268, 0.3752356, 0.39956728, 0.4225,
  0.44310755, 0.4627984, 0.48168495, 0.49985844, 0.51739395, 0.5343543, 0.5507927, 0.5667545, 0.5822789, 0.5974,
  0.6121573, 0.6265671, 0.64065295, 0.65443563, 0.667934, 0.6811649, 0.69414365, 0.7068842, 0.7193991, 0.7317,
  0.7377695, 0.74378943, 0.74976104, 0.7556855, 0.76156384, 0.76739717, 0.7731865, 0.77893275, 0.784637, 0.7903,
  0.79530001, 0.8003, 0.8053, 0.81029999, 0.81529999, 0.82029999, 0.82529999, 0.83029999, 0.83529999, 0.84029999,
  0.84529999, 0.85029999, 0.85529999, 0.86029999, 0.86529999,
];

export const MIN_LEVEL = 1;
export const MAX_LEVEL = WHOLE_LEVEL_CPM.length;

/** Half levels: the multiplier whose square is the mean of the neighbours' squares (how the game defines them). */
const CPM_BY_STEP: readonly number[] = WHOLE_LEVEL_CPM.flatMap((cpm, i) => {
  const next = WHOLE_LEVEL_CPM[i + 1];
  return next === undefined ? [cpm] : [cpm, Math.sqrt((cpm * cpm + next * next) / 2)];
});

/** The CP multiplier of a level (1, 1.5, 2, … 55); null for anything else. */
export function cpMultiplierOf(level: number): number | null {
  const step = (level - MIN_LEVEL) * 2;
  if (!Number.isInteger(step)) return null;
  return CPM_BY_STEP[step] ?? null;
}

/** [first level of the bracket, stardust per power-up] — each bracket lasts until the next one starts. */
const STARDUST: readonly (readonly [number, number])[] = [
  [1, 200], [3, 400], [5, 600], [7, 800], [9, 1000], [11, 1300], [13, 1600], [15, 1900], [17, 2200], [19, 2500],
  [21, 3000], [23, 3500], [25, 4000], [27, 4500], [29, 5000], [31, 6000], [33, 7000], [35, 8000], [37, 9000],
  [39, 10000], [41, 11000], [43, 12000], [45, 13000], [47, 14000], [49, 15000],
];
/** [first level, candy per power-up]; from 40 on XL candy is paid instead. */
const CANDY: readonly (readonly [number, number])[] = [
  [1, 1], [11, 2], [21, 3], [26, 4], [31, 6], [33, 8], [35, 10], [37, 12], [39, 15], [40, 0],
];
/** [first level, XL candy per power-up]. */
const XL_CANDY: readonly (readonly [number, number])[] = [[1, 0], [40, 10], [42, 12], [44, 15], [46, 17], [48, 20]];

/** The last level a creature can be powered up to. */
export const MAX_POWER_UP_LEVEL = 50;

function bracket(table: readonly (readonly [number, number])[], level: number): number {
  let value = 0;
  for (const [from, cost] of table) if (level >= from) value = cost;
  return value;
}

/** One step per half level from 1 to 49.5 (the cost of going up from that level), ascending. */
export const POWER_UP_STEPS: readonly PowerUpStep[] = Object.freeze(
  Array.from({ length: (MAX_POWER_UP_LEVEL - MIN_LEVEL) * 2 }, (_, i) => {
    const level = MIN_LEVEL + i / 2;
    return Object.freeze({ level, stardust: bracket(STARDUST, level), candy: bracket(CANDY, level), xlCandy: bracket(XL_CANDY, level) });
  }),
);
