/**
 * The helpers an auto-create rule's `filter` and `params` expressions may call, and nothing else:
 * `eq ne gt lt gte lte and or not contains`. Semantics follow PoracleNG's filter helpers:
 *
 * - `eq` / `ne`: equal numbers when both sides read as numbers (numbers, numeric text, booleans as 1/0), so
 *   `{{eq size "5.0"}}` matches 5; otherwise equal text. A missing value equals only another missing value.
 * - `gt lt gte lte`: numeric; a value that does not read as a number counts as 0.
 * - `and` / `or`: any number of arguments, Handlebars truthiness (false, missing, 0, empty text, empty list and
 *   empty object are false). `and` of nothing is true, `or` of nothing is false.
 * - `not`: negation of one value.
 * - `contains`: substring of a text, or membership of a list (items compared as text); false otherwise.
 *
 * Every helper works inline (`{{eq a b}}` renders `true` / `false`), as a sub-expression (`(eq a b)`) and as a
 * block (`{{#eq a b}}…{{else}}…{{/eq}}`). A wrong number of arguments throws, which the caller reports as a
 * render error.
 */
import { blockOrValue, split, type Helper, type HelperOptions } from '../../../../core/dts/helpers/options.ts';

export const RULE_HELPER_NAMES = ['eq', 'ne', 'gt', 'lt', 'gte', 'lte', 'and', 'or', 'not', 'contains'] as const;
export type RuleHelperName = (typeof RULE_HELPER_NAMES)[number];

const missing = (value: unknown): value is null | undefined => value === null || value === undefined;

/** The number a value stands for, or null: numbers, trimmed numeric text, booleans as 1 / 0. */
function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isNaN(n) ? null : n;
  }
  return null;
}

function asText(value: unknown): string {
  return missing(value) ? '' : String(value);
}

/** Handlebars truthiness, with empty lists and empty objects false. */
export function truthy(value: unknown): boolean {
  if (missing(value) || value === false || value === 0 || value === '' || Number.isNaN(value)) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

export function looseEqual(a: unknown, b: unknown): boolean {
  if (missing(a) || missing(b)) return missing(a) && missing(b);
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== null && y !== null) return x === y;
  return asText(a) === asText(b);
}

export function contains(collection: unknown, value: unknown): boolean {
  if (typeof collection === 'string') return collection.includes(asText(value));
  if (Array.isArray(collection)) {
    const needle = asText(value);
    return collection.some((item) => asText(item) === needle);
  }
  return false;
}

function args(name: string, count: number, raw: readonly unknown[]): { params: unknown[]; options: HelperOptions } {
  const parts = split(raw);
  if (parts.params.length !== count) throw new Error(`{{${name}}} expects ${count} argument${count === 1 ? '' : 's'}, got ${parts.params.length}`);
  return parts;
}

function binary(name: string, test: (a: unknown, b: unknown) => boolean): Helper {
  return function (this: unknown, ...raw: unknown[]) {
    const { params, options } = args(name, 2, raw);
    return blockOrValue(this, test(params[0], params[1]), options);
  };
}

function numeric(name: string, test: (a: number, b: number) => boolean): Helper {
  return binary(name, (a, b) => test(asNumber(a) ?? 0, asNumber(b) ?? 0));
}

function variadic(test: (values: readonly unknown[]) => boolean): Helper {
  return function (this: unknown, ...raw: unknown[]) {
    const { params, options } = split(raw);
    return blockOrValue(this, test(params), options);
  };
}

const not: Helper = function (this: unknown, ...raw: unknown[]) {
  const { params, options } = args('not', 1, raw);
  return blockOrValue(this, !truthy(params[0]), options);
};

export const ruleHelpers: Readonly<Record<RuleHelperName, Helper>> = {
  eq: binary('eq', looseEqual),
  ne: binary('ne', (a, b) => !looseEqual(a, b)),
  gt: numeric('gt', (a, b) => a > b),
  lt: numeric('lt', (a, b) => a < b),
  gte: numeric('gte', (a, b) => a >= b),
  lte: numeric('lte', (a, b) => a <= b),
  and: variadic((values) => values.every(truthy)),
  or: variadic((values) => values.some(truthy)),
  not,
  contains: binary('contains', contains),
};
