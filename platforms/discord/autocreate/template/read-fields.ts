/**
 * The field readers the channel-template lint is built from: each reads one key of an operator-written object,
 * returns the value (or the default when absent or null, or a stand-in when wrong) and records what is wrong at
 * the key's path in a ProblemList. Nothing here throws; the caller asks the list how many errors there were.
 */
import type { ProblemSeverity, TemplateProblem } from './types.ts';

export type JsonObject = Readonly<Record<string, unknown>>;

/** Collected problems, in the order found. */
export class ProblemList {
  readonly items: TemplateProblem[] = [];
  private errors = 0;

  add(path: string, message: string, severity: ProblemSeverity): void {
    this.items.push({ path, message, severity });
    if (severity === 'error') this.errors++;
  }

  error(path: string, message: string): void {
    this.add(path, message, 'error');
  }

  warn(path: string, message: string): void {
    this.add(path, message, 'warning');
  }

  /** errors so far: compare before and after reading an entry to know whether it is usable */
  get errorCount(): number {
    return this.errors;
  }
}

/** `a.b`, or `b` at the top */
export function keyPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

export function indexPath(path: string, index: number): string {
  return `${path}[${index}]`;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a wrong value is, for messages. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return `${typeof value} ${String(value)}`;
}

/** Levenshtein distance, stopping early above `limit` (a typo is one or two edits away). */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The known key an unknown one was probably meant to be: same letters in another case, or two edits away. */
export function closestKey(key: string, known: readonly string[]): string | null {
  const lower = key.toLowerCase();
  const sameLetters = known.find((k) => k.toLowerCase() === lower);
  if (sameLetters) return sameLetters;
  if (key.length < 4) return null;
  let best: string | null = null;
  let bestDistance = 3;
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase(), 2);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** An error for every key of `obj` not in `known`, naming it (and what it was probably meant to be). */
export function checkKeys(obj: JsonObject, known: readonly string[], path: string, problems: ProblemList, what: string): void {
  for (const key of Object.keys(obj)) {
    if (known.includes(key)) continue;
    const guess = closestKey(key, known);
    problems.error(keyPath(path, key), `unknown key "${key}" in ${what}${guess ? ` (did you mean "${guess}"?)` : ''}`);
  }
}

/** A string that must be there and not be blank; '' when it is not. */
export function requiredString(obj: JsonObject, key: string, path: string, problems: ProblemList): string {
  const value = obj[key];
  const at = keyPath(path, key);
  if (value === undefined || value === null) problems.error(at, `${key} is required`);
  else if (typeof value !== 'string') problems.error(at, `${key} must be a string, not ${describeValue(value)}`);
  else if (value.trim() === '') problems.error(at, `${key} must not be empty`);
  else return value;
  return '';
}

/** A string that may be absent or null (→ `fallback`). */
export function optionalString(obj: JsonObject, key: string, path: string, problems: ProblemList, fallback = ''): string {
  const value = obj[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string') return value;
  problems.error(keyPath(path, key), `${key} must be a string, not ${describeValue(value)}`);
  return fallback;
}

export function optionalBoolean(obj: JsonObject, key: string, path: string, problems: ProblemList, fallback = false): boolean {
  const value = obj[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  problems.error(keyPath(path, key), `${key} must be true or false, not ${describeValue(value)}`);
  return fallback;
}

/** One of `allowed` (absent or null → `fallback`). */
export function oneOf<T extends string>(obj: JsonObject, key: string, path: string, problems: ProblemList, allowed: readonly T[], fallback: T): T {
  const value = obj[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  const choices = allowed.map((a) => JSON.stringify(a)).join(', ');
  problems.error(keyPath(path, key), `${key} must be one of ${choices}, not ${describeValue(value)}`);
  return fallback;
}

/** An array (absent or null → []); anything else is an error. */
export function optionalArray(obj: JsonObject, key: string, path: string, problems: ProblemList, of: string): readonly unknown[] {
  const value = obj[key];
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  problems.error(keyPath(path, key), `${key} must be an array of ${of}, not ${describeValue(value)}`);
  return [];
}

/** An array of strings (absent or null → []); each wrong item is reported at its index and skipped. */
export function stringArray(obj: JsonObject, key: string, path: string, problems: ProblemList): string[] {
  const at = keyPath(path, key);
  const out: string[] = [];
  optionalArray(obj, key, path, problems, 'strings').forEach((item, i) => {
    if (typeof item === 'string') out.push(item);
    else problems.error(indexPath(at, i), `each of ${key} must be a string, not ${describeValue(item)}`);
  });
  return out;
}

/** An object (absent or null → null); anything else is an error. */
export function optionalObject(obj: JsonObject, key: string, path: string, problems: ProblemList): JsonObject | null {
  const value = obj[key];
  if (value === undefined || value === null) return null;
  if (isObject(value)) return value;
  problems.error(keyPath(path, key), `${key} must be an object, not ${describeValue(value)}`);
  return null;
}
