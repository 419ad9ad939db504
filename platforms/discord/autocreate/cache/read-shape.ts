/**
 * Small readers for JSON of unknown shape, used when a cache file is loaded: each returns the value when it has
 * the expected type and a fallback (or null) otherwise. Pure.
 */

export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A non-empty string, or null. */
export function nonEmptyText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/** The strings of an array (other items dropped); [] for anything else. */
export function textList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Each object member passed through `read`; members it rejects (null) are counted, not kept. */
export function readMembers<T>(value: unknown, read: (key: string, member: unknown) => T | null): { readonly kept: Record<string, T>; readonly dropped: number } {
  const kept: Record<string, T> = {};
  let dropped = 0;
  if (!isObject(value)) return { kept, dropped };
  for (const [key, member] of Object.entries(value)) {
    const item = read(key, member);
    if (item === null) dropped++;
    else kept[key] = item;
  }
  return { kept, dropped };
}
