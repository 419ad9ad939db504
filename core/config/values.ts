/**
 * Checks one value against its rule and returns it normalised (enum aliases resolved, a single token
 * wrapped into an array). A mismatch throws one ConfigError naming the file, the key, what was expected
 * and what was found.
 */
import { ConfigError } from '../errors.ts';
import type { KeyRule } from './schema.ts';

export type Table = Record<string, unknown>;

/** Where a value sits: the file label and the dotted key as the operator would write it. */
export interface Where {
  readonly file: string;
  readonly key: string;
}

export function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** A short, readable description of a TOML value: its type and (abridged) content. */
export function describeFound(value: unknown): string {
  if (typeof value === 'string') return `string ${abridge(JSON.stringify(value))}`;
  if (typeof value === 'bigint') return `integer ${value} (too large)`;
  if (typeof value === 'number') return `${Number.isInteger(value) ? 'integer' : 'decimal number'} ${value}`;
  if (typeof value === 'boolean') return `boolean ${value}`;
  if (value instanceof Date) return `date-time ${value.toISOString()}`;
  if (Array.isArray(value)) return `array ${abridge(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)))}`;
  if (isTable(value)) return `table {${abridge(Object.keys(value).join(', '))}}`;
  return String(value);
}

function abridge(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export function fail(at: Where, expected: string, found: string): never {
  throw new ConfigError(`${at.file}: ${at.key} must be ${expected}; found ${found}`, { file: at.file, key: at.key, expected, found });
}

function rangeText(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return '';
}

/** The "must be ..." part of the message for a rule. */
export function expectedText(rule: KeyRule): string {
  switch (rule.kind) {
    case 'string':
      return rule.patternText ? `a string (${rule.patternText})` : 'a string';
    case 'boolean':
      return 'a boolean (true or false)';
    case 'integer':
      return `an integer${rangeText(rule.min, rule.max)}`;
    case 'number':
      return `a number${rangeText(rule.min, rule.max)}`;
    case 'enum':
      return `one of ${rule.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'strings':
      return `${rule.wrapSingle ? 'a string or ' : ''}an array of strings${rule.minItems ? ` with at least ${rule.minItems} entry` : ''}`;
    case 'integers':
      return `an array of integers${rangeText(rule.min, rule.max)}${rule.minItems ? ` with at least ${rule.minItems} entry` : ''}`;
    case 'record':
      return 'a table of tables';
    case 'lists':
      return 'a table of lists of strings';
    case 'names':
      return 'a table of strings';
    case 'tables':
      return 'an array of tables';
  }
}

function checkNumber(value: unknown, rule: KeyRule & { kind: 'integer' | 'number' }, at: Where): number {
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (rule.kind === 'number' || Number.isInteger(value)) &&
    (rule.min === undefined || value >= rule.min) &&
    (rule.max === undefined || value <= rule.max);
  return ok ? value : fail(at, expectedText(rule), describeFound(value));
}

function checkEnum(value: unknown, rule: KeyRule & { kind: 'enum' }, at: Where): string {
  if (typeof value === 'string') {
    const wanted = value.trim().toLowerCase();
    const direct = rule.values.find((v) => v === wanted);
    if (direct !== undefined) return direct;
    const alias = rule.aliases?.[wanted];
    if (alias !== undefined) return alias;
  }
  return fail(at, expectedText(rule), describeFound(value));
}

function checkArray(value: unknown, rule: KeyRule & { kind: 'strings' | 'integers' }, at: Where): readonly unknown[] {
  const list = rule.kind === 'strings' && rule.wrapSingle && typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length < (rule.minItems ?? 0)) return fail(at, expectedText(rule), describeFound(value));
  list.forEach((item: unknown, i) => {
    const itemAt = { file: at.file, key: `${at.key}[${i}]` };
    if (rule.kind === 'strings') {
      if (typeof item !== 'string') fail(itemAt, 'a string', describeFound(item));
      if (rule.item && !rule.item.test(item)) fail(itemAt, rule.item.text, describeFound(item));
    } else {
      checkNumber(item, { kind: 'integer', min: rule.min, max: rule.max }, itemAt);
    }
  });
  return [...list];
}

/** Checks a non-table value; `record` and `tables` rules are handled by the table walker. */
export function checkValue(value: unknown, rule: KeyRule, at: Where): unknown {
  switch (rule.kind) {
    case 'string':
      if (typeof value !== 'string' || (rule.pattern && !rule.pattern.test(value))) fail(at, expectedText(rule), describeFound(value));
      return value;
    case 'boolean':
      return typeof value === 'boolean' ? value : fail(at, expectedText(rule), describeFound(value));
    case 'integer':
    case 'number':
      return checkNumber(value, rule, at);
    case 'enum':
      return checkEnum(value, rule, at);
    case 'strings':
    case 'integers':
      return checkArray(value, rule, at);
    case 'record':
    case 'lists':
    case 'names':
    case 'tables':
      throw new Error(`internal: ${rule.kind} rule for ${at.key} reached checkValue`);
  }
}
