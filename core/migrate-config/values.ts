/**
 * Value conversions from PoracleJS's JSON to what Lookout's loader accepts, as pure functions: each returns the
 * converted value or why it cannot be used. Enum spellings are only lower-cased here; the aliases themselves
 * (e.g. a provider's other names) are the loader's (core/config/enums.ts), which the written file goes through.
 */
import { isTable, type Table } from '../config/values.ts';

export type Converted = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly why: string };

export type Convert = (value: unknown) => Converted;

export const ok = (value: unknown): Converted => ({ ok: true, value });
export const refuse = (why: string): Converted => ({ ok: false, why });

export const same: Convert = ok;

function shown(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** A number, or a string of digits (PoracleJS wrote ports as "3030"). */
export const asInteger: Convert = (value) => {
  if (typeof value === 'number' && Number.isInteger(value)) return ok(value);
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return ok(Number.parseInt(value, 10));
  return refuse(`${shown(value)} is not a whole number`);
};

export const asNumber: Convert = (value) => {
  if (typeof value === 'number' && Number.isFinite(value)) return ok(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return ok(Number(value));
  return refuse(`${shown(value)} is not a number`);
};

export const asBoolean: Convert = (value) => (typeof value === 'boolean' ? ok(value) : refuse(`${shown(value)} is not true or false`));

/** A string; a number is written as its digits (PoracleJS's defaultTemplateName is the number 1). */
export const asString: Convert = (value) => {
  if (typeof value === 'string') return ok(value);
  if (typeof value === 'number') return ok(String(value));
  return refuse(`${shown(value)} is not a string`);
};

/**
 * A list of strings: one string becomes a one-item list, numbers are written as strings (ids), and the empty
 * strings PoracleJS's default.json fills lists with (`[""]`) are dropped.
 */
export const asStrings: Convert = (value) => {
  const items = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const item of items) {
    if (typeof item === 'number') out.push(String(item));
    else if (typeof item !== 'string') return refuse(`${shown(item)} in ${shown(value)} is not a string`);
    else if (item.trim() !== '') out.push(item);
  }
  return ok(out);
};

export const asIntegers: Convert = (value) => {
  const items = Array.isArray(value) ? value : [value];
  const out: number[] = [];
  for (const item of items) {
    const one = asInteger(item);
    if (!one.ok) return one;
    out.push(one.value as number);
  }
  return ok(out);
};

/** A lower-cased word for an enum key; the loader checks it against the values and aliases. */
export const asWord: Convert = (value) => (typeof value === 'string' ? ok(value.trim().toLowerCase()) : refuse(`${shown(value)} is not a string`));

/** A table of string lists under free names (command security: command → ids). */
export const asLists: Convert = (value) => {
  if (!isTable(value)) return refuse(`${shown(value)} is not an object`);
  const out: Table = {};
  for (const [name, list] of Object.entries(value)) {
    const items = asStrings(list);
    if (!items.ok) return refuse(`${name}: ${items.why}`);
    out[name] = items.value;
  }
  return ok(out);
};

/** Applies conversions in turn. */
export function then(...steps: readonly Convert[]): Convert {
  return (value) => {
    let current: Converted = ok(value);
    for (const step of steps) {
      if (!current.ok) return current;
      current = step(current.value);
    }
    return current;
  };
}
