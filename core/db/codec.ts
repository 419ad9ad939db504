/**
 * Column ↔ value conversions that behave the same on MySQL (mysql2) and SQLite (better-sqlite3).
 * Readers are tolerant: a bad stored value degrades to a default, never to an exception.
 */
import type { Dialect } from './connect.ts';

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function asStringArray(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
}

/** JSON array text → strings; NULL, bad JSON or a non-array → []. */
export function parseStringArray(text: unknown): string[] {
  return asStringArray(parseJson(text)) ?? [];
}

/** JSON array text → strings; NULL, bad JSON or a non-array → null. */
export function parseNullableStringArray(text: unknown): string[] | null {
  return asStringArray(parseJson(text));
}

export function toBool(value: unknown): boolean {
  if (typeof value === 'string') return value !== '' && value !== '0' && value.toLowerCase() !== 'false';
  return Boolean(Number(value));
}

export function toNumber(value: unknown, fallback = 0): number {
  const n = typeof value === 'bigint' ? Number(value) : typeof value === 'string' && value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

export function toText(value: unknown, fallback = ''): string {
  if (value === null || value === undefined) return fallback;
  return Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
}

export function toNullableText(value: unknown): string | null {
  return value === null || value === undefined ? null : toText(value);
}

/** mysql2 gives Date objects; SQLite gives `YYYY-MM-DD HH:MM:SS` text in UTC (CURRENT_TIMESTAMP) or epoch ms. */
export function toDate(value: unknown): Date | null {
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number' || typeof value === 'bigint') date = new Date(Number(value));
  else if (typeof value === 'string' && value !== '') {
    const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
    date = new Date(iso);
  }
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** A Date in the form each engine stores it (mysql2 formats Date itself; SQLite gets UTC text). */
export function fromDate(date: Date | null, dialect: Dialect): Date | string | null {
  if (date === null) return null;
  if (dialect === 'mysql') return date;
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export function fromBool(value: boolean): number {
  return value ? 1 : 0;
}

/** Raw-row value normalisation: bigint → number, Buffer → text; everything else as the driver gave it. */
export function normaliseValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return value;
}

/** A unique-key / primary-key collision on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, errno } = err as { code?: unknown; errno?: unknown };
  if (code === 'ER_DUP_ENTRY' || errno === 1062) return true;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
