/**
 * The template helpers the spec names (round, forEach, eq, isnt, compare) plus the small formatting helpers of
 * the previous generations (ne, concat, numberFormat, pad0, math). They replace the same-named
 * @budibase/handlebars-helpers versions so missing values render as empty text instead of throwing, and
 * forEach never writes into the (shared) view.
 */
import { blockOrValue, childFrame, split, toNumber, type Helper } from './options.ts';

function isPrimitive(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** `===`, and equal text for two primitives (so `{{#eq teamId "1"}}` matches the number 1). */
export function looseEqual(a: unknown, b: unknown): boolean {
  return a === b || (isPrimitive(a) && isPrimitive(b) && String(a) === String(b));
}

function ordered(a: unknown, b: unknown, test: (x: number | string, y: number | string) => boolean): boolean {
  const x = toNumber(a);
  const y = toNumber(b);
  if (x !== null && y !== null) return test(x, y);
  if (isPrimitive(a) && isPrimitive(b)) return test(String(a), String(b));
  return false;
}

const OPERATORS: Readonly<Record<string, (a: unknown, b: unknown) => boolean>> = {
  '==': (a, b) => a == b || looseEqual(a, b),
  '===': (a, b) => a === b,
  '!=': (a, b) => !(a == b || looseEqual(a, b)),
  '!==': (a, b) => a !== b,
  '<': (a, b) => ordered(a, b, (x, y) => x < y),
  '>': (a, b) => ordered(a, b, (x, y) => x > y),
  '<=': (a, b) => ordered(a, b, (x, y) => x <= y),
  '>=': (a, b) => ordered(a, b, (x, y) => x >= y),
  typeof: (a, b) => typeof a === b,
};

/** `{{#eq a b}}…{{else}}…{{/eq}}`, `{{eq a b}}`, `(eq a b)`; `{{eq a compare=b}}` as in handlebars-helpers. */
function equality(negate: boolean): Helper {
  return function (this: unknown, ...args: unknown[]) {
    const { params, options } = split(args);
    const b = params.length >= 2 ? params[1] : options.hash['compare'];
    return blockOrValue(this, looseEqual(params[0], b) !== negate, options);
  };
}

const compare: Helper = function (this: unknown, ...args) {
  const { params, options } = split(args);
  if (params.length < 3) throw new Error('{{compare}} expects three arguments: left, operator, right');
  const [a, operator, b] = params;
  const test = typeof operator === 'string' ? OPERATORS[operator] : undefined;
  if (!test) throw new Error(`{{compare}}: unknown operator "${String(operator)}" (use ==, ===, !=, !==, <, >, <=, >= or typeof)`);
  return blockOrValue(this, test(a, b), options);
};

/**
 * `{{#forEach list}}…{{/forEach}}`: like each, and every object item is seen with `index` (from 1), `total`,
 * `isFirst`, `isLast` (PoracleJS); `@index` (from 0), `@first`, `@last`, `@isFirst`, `@isLast`, `@total` in
 * the data. Items are copied, never modified. An empty or missing list renders the else block.
 */
const forEach: Helper = function (this: unknown, ...args) {
  const { params, options } = split(args);
  const list = params[0];
  if (!Array.isArray(list) || list.length === 0 || !options.fn) return options.inverse?.(this) ?? '';
  const total = list.length;
  let out = '';
  list.forEach((item: unknown, i) => {
    const marks = { isFirst: i === 0, isLast: i === total - 1, total };
    const data = childFrame(options, { ...marks, index: i, first: marks.isFirst, last: marks.isLast });
    const context = item !== null && typeof item === 'object' && !Array.isArray(item) ? { ...item, ...marks, index: i + 1 } : item;
    out += options.fn!(context, { data, blockParams: [item, i] });
  });
  return out;
};

/** `{{round x}}`: nearest whole number; empty for a missing or non-numeric value. */
const round: Helper = (...args) => {
  const n = toNumber(split(args).params[0]);
  return n === null ? '' : Math.round(n);
};

const concat: Helper = (...args) =>
  split(args)
    .params.map((v) => (v === undefined || v === null ? '' : String(v)))
    .join('');

/** `{{numberFormat x 2}}`: fixed decimals (default 2); a non-numeric value is returned as it is. */
const numberFormat: Helper = (...args) => {
  const [value, decimals] = split(args).params;
  const digits = toNumber(decimals) ?? 2;
  const n = toNumber(value);
  return n === null ? value : n.toFixed(Math.max(0, Math.min(20, digits)));
};

/** `{{pad0 x 3}}`: left-pads with zeros (default width 3). */
const pad0: Helper = (...args) => {
  const [value, width] = split(args).params;
  if (value === undefined || value === null) return '';
  return String(value).padStart(toNumber(width) ?? 3, '0');
};

/** `{{math value decimals add remove multiply divide}}` (older PoracleJS): ((value + add − remove) × multiply ÷ divide). */
const math: Helper = (...args) => {
  const [value, ...rest] = split(args).params;
  const n = toNumber(value);
  const [decimals = 2, add = 0, remove = 0, multiply = 1, divide = 1] = rest.map((v) => toNumber(v) ?? Number.NaN);
  if (n === null || [decimals, add, remove, multiply, divide].some(Number.isNaN)) return value;
  return (((n + add - remove) * multiply) / divide).toFixed(decimals);
};

export const logicHelpers: Readonly<Record<string, Helper>> = {
  round,
  eq: equality(false),
  isnt: equality(true),
  ne: equality(true),
  compare,
  forEach,
  concat,
  numberFormat,
  pad0,
  math,
};
