/**
 * Raid levels: their English names (translated through the game data's translations per language) and the
 * level words users type in commands (`legendary`, `mega`, `shadow` …). Level 90 in a rule means every level.
 */

/** the `level` value of a rule that accepts every level */
export const ALL_LEVELS = 90;
/** the highest raid level the game has (rules for higher levels are refused) */
export const MAX_LEVEL = 15;

const LEVEL_NAMES: Readonly<Record<number, string>> = {
  1: 'Level 1',
  2: 'Level 2',
  3: 'Level 3',
  4: 'Level 4',
  5: 'Legendary',
  6: 'Mega',
  7: 'Mega Legendary',
  8: 'Ultra Beast',
  9: 'Elite',
  10: 'Primal',
  11: 'Level 1 Shadow',
  12: 'Level 2 Shadow',
  13: 'Level 3 Shadow',
  14: 'Level 4 Shadow',
  15: 'Shadow Legendary',
};

/** The English name of a raid level (`Legendary`, `Mega` …); `Level <n>` for levels without a name. */
export function levelName(level: number): string {
  return LEVEL_NAMES[level] ?? `Level ${level}`;
}

/** Level words of the commands → the levels they select (longest phrases are matched first by the parser). */
export const LEVEL_WORDS: ReadonlyMap<string, readonly number[]> = new Map([
  ['legendary', [5]],
  ['mega', [6]],
  ['mega legendary', [7]],
  ['ultra beast', [8]],
  ['elite', [9]],
  ['primal', [10]],
  ['shadow', [11, 12, 13, 14, 15]],
  ['shadow legendary', [15]],
]);
