/**
 * Prefixed arguments (`iv90`, `iv:90-100`, `d:500`, `form:alola`): splitting a token into its prefix and
 * value, and reading a value as a number, an integer range or a range over named steps (`xs-xl`).
 */

/** A closed range; `max` is undefined when only one value was given. */
export interface RangeValue {
  readonly min: number;
  readonly max: number | undefined;
}

/**
 * The value after `prefix` (an optional `:` between them is skipped), or null when the token does not start
 * with the prefix or nothing follows it. `colonRequired` accepts only `<prefix>:<value>`.
 */
export function prefixValue(token: string, prefix: string, colonRequired = false): string | null {
  if (!token.startsWith(prefix)) return null;
  let rest = token.slice(prefix.length);
  if (rest.startsWith(':')) rest = rest.slice(1);
  else if (colonRequired) return null;
  return rest === '' ? null : rest;
}

const INTEGER = /^\d+$/;
const DECIMAL = /^\d+(?:\.\d+)?$/;

/** A non-negative integer, or null. */
export function readInteger(text: string): number | null {
  return INTEGER.test(text) ? Number(text) : null;
}

/** A non-negative decimal number (`1.5`), or null. */
export function readDecimal(text: string): number | null {
  return DECIMAL.test(text) ? Number(text) : null;
}

/** `<n>` or `<min>-<max>` with `read` applied to each side; null when either side does not read. */
export function readRange(text: string, read: (part: string) => number | null): RangeValue | null {
  const parts = text.split('-');
  if (parts.length > 2) return null;
  const min = read(parts[0] ?? '');
  if (min === null) return null;
  if (parts.length === 1) return { min, max: undefined };
  const max = read(parts[1] ?? '');
  return max === null ? null : { min, max };
}

/** A reader for a scale of named steps that also accepts the step numbers (`xs` or `2`). */
export function namedStep(names: ReadonlyMap<string, number>, lowest: number, highest: number): (part: string) => number | null {
  return (part) => {
    const key = part.replace(/[\s_]+/g, '');
    const named = names.get(key);
    if (named !== undefined) return named;
    const n = readInteger(key);
    return n !== null && n >= lowest && n <= highest ? n : null;
  };
}

/**
 * Like `prefixValue` on the lower-cased `token`, but the value is taken from `raw` (the same token in its
 * original case) so labels and template names keep their case.
 */
export function prefixRawValue(token: string, raw: string, prefix: string, colonRequired = false): string | null {
  const value = prefixValue(token, prefix, colonRequired);
  if (value === null) return null;
  return raw.length === token.length ? raw.slice(raw.length - value.length) : value;
}
