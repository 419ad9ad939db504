/**
 * Body values as web clients send them: numbers as strings, booleans as 0/1 or "true", lists as JSON text.
 * Each reader names the field in its 400 message; `undefined` (and `null` where noted) means "not given".
 */
import { LookoutError } from '../../errors.ts';

export function badField(field: string, expected: string): LookoutError {
  return new LookoutError('BAD_REQUEST', `${field} must be ${expected}`, { field });
}

/** The body as an object; 400 for anything else (an empty body is an empty object). */
export function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new LookoutError('BAD_REQUEST', 'body must be a JSON object', {});
  return body as Record<string, unknown>;
}

/** A body that may be one object or an array of objects (previous-generation clients send either). */
export function objectList(body: unknown): Record<string, unknown>[] {
  if (body === undefined) throw new LookoutError('BAD_REQUEST', 'body is required', {});
  const items = Array.isArray(body) ? body : [body];
  if (items.length === 0) throw new LookoutError('BAD_REQUEST', 'body must not be empty', {});
  return items.map((item, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw badField(`body[${i}]`, 'a JSON object');
    return item as Record<string, unknown>;
  });
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function looseNumber(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && NUMERIC.test(value.trim())) {
    const n = Number(value.trim());
    if (Number.isFinite(n)) return n;
  }
  throw badField(field, 'a number');
}

export function looseInt(value: unknown, field: string): number | undefined {
  const n = looseNumber(value, field);
  if (n !== undefined && !Number.isSafeInteger(n)) throw badField(field, 'a whole number');
  return n;
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

export function looseBool(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE.has(word)) return true;
    if (FALSE.has(word)) return false;
  }
  throw badField(field, 'true or false (or 1/0)');
}

/** A string; a number is taken as its decimal text (ids often arrive as numbers). */
export function looseString(value: unknown, field: string, maxChars = 255): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') throw badField(field, 'a string');
  if ([...text].length > maxChars) throw badField(field, `at most ${maxChars} characters`);
  return text;
}

/** A list of strings, given as an array or as JSON text of one (`"[\"a\"]"`). */
export function looseStringList(value: unknown, field: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = value.trim() === '' ? [] : JSON.parse(value);
    } catch {
      throw badField(field, 'a list of strings');
    }
  }
  if (!Array.isArray(list) || !list.every((v) => typeof v === 'string')) throw badField(field, 'a list of strings');
  return list as string[];
}

/** Fields of `body` not in `allowed`: 400 naming them. */
export function rejectUnknownFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  const known = new Set(allowed);
  const extra = Object.keys(body).filter((k) => !known.has(k));
  if (extra.length > 0) throw new LookoutError('BAD_REQUEST', `unknown field${extra.length > 1 ? 's' : ''}: ${extra.join(', ')}`, { fields: extra });
}
