/**
 * The value filters of `track`: iv, cp, level, atk/def/sta, weight, rarity, size, minimum time and gender,
 * each token → the `monsters` columns it sets.
 */
import type { FilterValues } from './columns.ts';
import { namedStep, prefixValue, readDecimal, readInteger, readRange, type RangeValue } from '../../../core/commands/tracking/index.ts';

/** What one filter token sets. */
export interface FilterSetting {
  readonly set: Partial<FilterValues>;
  /** an encounter-only filter (cp, level, stats, weight, size): the rule's min_iv becomes 0 unless iv is given */
  readonly encounter: boolean;
}

type Column = keyof FilterValues;

/** Rarity groups by name (`very rare` may be typed `very_rare` or `veryrare`). */
export const RARITY_NAMES: ReadonlyMap<string, number> = new Map([
  ['common', 1],
  ['uncommon', 2],
  ['rare', 3],
  ['veryrare', 4],
  ['ultrarare', 5],
  ['unseen', 6],
]);

/** Size classes by name. */
export const SIZE_NAMES: ReadonlyMap<string, number> = new Map([
  ['xxs', 1],
  ['xs', 2],
  ['m', 3],
  ['xl', 4],
  ['xxl', 5],
]);

const readRarity = namedStep(RARITY_NAMES, 1, 6);
const readSize = namedStep(SIZE_NAMES, 1, 5);
const grams = (kg: string): number | null => {
  const value = readDecimal(kg);
  return value === null ? null : Math.round(value * 1000);
};

interface FilterKeyword {
  readonly prefix: string;
  readonly read: (value: string) => Partial<FilterValues> | null;
  readonly encounter: boolean;
}

/** `<min>[-<max>]`: a single value sets the minimum only. */
function minRange(min: Column, max: Column, read: (part: string) => number | null = readInteger): (value: string) => Partial<FilterValues> | null {
  return (value) => {
    const range: RangeValue | null = readRange(value, read);
    if (!range) return null;
    return range.max === undefined ? { [min]: range.min } : { [min]: range.min, [max]: range.max };
  };
}

/** `<a>[-<b>]`: a single value means exactly that step. */
function exactRange(min: Column, max: Column, read: (part: string) => number | null): (value: string) => Partial<FilterValues> | null {
  return (value) => {
    const range = readRange(value, read);
    return range ? { [min]: range.min, [max]: range.max ?? range.min } : null;
  };
}

function single(column: Column, read: (part: string) => number | null = readInteger): (value: string) => Partial<FilterValues> | null {
  return (value) => {
    const n = read(value);
    return n === null ? null : { [column]: n };
  };
}

/** Tried in order; the first keyword whose prefix matches and whose value reads wins. */
const KEYWORDS: readonly FilterKeyword[] = [
  { prefix: 'miniv', read: single('min_iv'), encounter: false },
  { prefix: 'maxiv', read: single('max_iv'), encounter: false },
  { prefix: 'iv', read: minRange('min_iv', 'max_iv'), encounter: false },
  { prefix: 'mincp', read: single('min_cp'), encounter: true },
  { prefix: 'maxcp', read: single('max_cp'), encounter: true },
  { prefix: 'cp', read: minRange('min_cp', 'max_cp'), encounter: true },
  { prefix: 'maxlevel', read: single('max_level'), encounter: true },
  { prefix: 'level', read: minRange('min_level', 'max_level'), encounter: true },
  { prefix: 'maxatk', read: single('max_atk'), encounter: true },
  { prefix: 'maxdef', read: single('max_def'), encounter: true },
  { prefix: 'maxsta', read: single('max_sta'), encounter: true },
  { prefix: 'atk', read: minRange('atk', 'max_atk'), encounter: true },
  { prefix: 'def', read: minRange('def', 'max_def'), encounter: true },
  { prefix: 'sta', read: minRange('sta', 'max_sta'), encounter: true },
  { prefix: 'maxweight', read: single('max_weight', grams), encounter: true },
  { prefix: 'weight', read: minRange('min_weight', 'max_weight', grams), encounter: true },
  { prefix: 'maxrarity', read: single('max_rarity', readRarity), encounter: false },
  { prefix: 'rarity', read: exactRange('rarity', 'max_rarity', readRarity), encounter: false },
  { prefix: 'maxsize', read: single('max_size', readSize), encounter: true },
  { prefix: 'size', read: exactRange('size', 'max_size', readSize), encounter: true },
  { prefix: 't', read: single('min_time'), encounter: false },
];

const GENDERS: ReadonlyMap<string, number> = new Map([
  ['male', 1],
  ['female', 2],
  ['genderless', 3],
]);

/** The filter a token sets, or null when it is no filter keyword. */
export function readFilterToken(token: string): FilterSetting | null {
  const gender = GENDERS.get(token);
  if (gender !== undefined) return { set: { gender }, encounter: false };
  for (const keyword of KEYWORDS) {
    const value = prefixValue(token, keyword.prefix);
    if (value === null) continue;
    const set = keyword.read(value);
    if (set) return { set, encounter: keyword.encounter };
  }
  return null;
}
