/**
 * Narrow readers for parsed third-party JSON. Game data files change shape without notice, so every field is
 * read through these: a missing or mistyped field becomes `undefined` / empty, never an exception.
 */

export type JsonObject = { readonly [key: string]: unknown };

const EMPTY: JsonObject = Object.freeze({});

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value when it is a plain object, else an empty one. */
export function objectOf(value: unknown): JsonObject {
  return isObject(value) ? value : EMPTY;
}

/** The value when it is an array, else an empty one. */
export function arrayOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A finite number, or a string holding one ("25"); anything else is undefined. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function booleanOf(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** A `{ key: string }` map, dropping entries whose value is not a string. */
export function stringRecordOf(value: unknown): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(objectOf(value))) if (typeof v === 'string') out[key] = v;
  return out;
}
