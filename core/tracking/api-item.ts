/**
 * One item of a tracking POST body, read field by field as web clients send them (numbers as strings,
 * booleans as 0/1 or "true"). Every reader names the field and the item in its 400 (`body[2].min_iv must be a
 * whole number from 0 to 100`) and remembers what was read, so the fields nobody read can be refused as unknown.
 */
import { LookoutError } from '../errors.ts';
import { badField, looseBool, looseInt, looseString } from '../http/api/loose-json.ts';

export interface IntRange {
  readonly min?: number;
  readonly max?: number;
}

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

function describeRange(range: Required<IntRange>): string {
  const low = range.min !== INT_MIN;
  const high = range.max !== INT_MAX;
  if (low && high) return `a whole number from ${range.min} to ${range.max}`;
  if (low) return `a whole number of at least ${range.min}`;
  if (high) return `a whole number of at most ${range.max}`;
  return 'a whole number';
}

export class ApiItem {
  private readonly seen = new Set<string>();

  /** @param where how the item is named in messages, e.g. `body[2]` ('' for a lone item) */
  constructor(
    private readonly fields: Readonly<Record<string, unknown>>,
    private readonly where: string,
  ) {}

  /** `body[2].min_iv` */
  label(name: string): string {
    return this.where === '' ? name : `${this.where}.${name}`;
  }

  /** the raw value (undefined when absent); marks the field read */
  raw(name: string): unknown {
    this.seen.add(name);
    return this.fields[name];
  }

  /** present and not null */
  has(name: string): boolean {
    const value = this.raw(name);
    return value !== undefined && value !== null;
  }

  /** marks fields as read without using them (columns clients send back that the table does not use) */
  ignore(...names: readonly string[]): void {
    for (const name of names) this.seen.add(name);
  }

  /** a 400 naming the field: `body[2].team must be <expected>` */
  fail(name: string, expected: string): never {
    throw badField(this.label(name), expected);
  }

  /** a 400 with the item's own words: `body[2].pokemon_id: Pokemon id must be specified` */
  refuse(name: string, reason: string): never {
    throw new LookoutError('BAD_REQUEST', `${this.label(name)}: ${reason}`, { field: this.label(name) });
  }

  /** a whole number within `range`; `fallback` when absent or null */
  int(name: string, fallback: number, range: IntRange = {}): number {
    return this.optionalInt(name, range) ?? fallback;
  }

  optionalInt(name: string, asked: IntRange = {}): number | undefined {
    // every integer column is int(11): nothing outside it reaches the database
    const range = { min: Math.max(asked.min ?? INT_MIN, INT_MIN), max: Math.min(asked.max ?? INT_MAX, INT_MAX) };
    const label = this.label(name);
    let n: number | undefined;
    try {
      n = looseInt(this.raw(name), label);
    } catch {
      this.fail(name, describeRange(range));
    }
    if (n === undefined) return undefined;
    if ((range.min !== undefined && n < range.min) || (range.max !== undefined && n > range.max)) this.fail(name, describeRange(range));
    return n;
  }

  /** one whole number or an array of them (an empty array counts as absent) */
  intList(name: string, range: IntRange = {}): number[] | undefined {
    const value = this.raw(name);
    if (!Array.isArray(value)) {
      const single = this.optionalInt(name, range);
      return single === undefined ? undefined : [single];
    }
    if (value.length === 0) return undefined;
    return value.map((entry: unknown, i) => {
      const item = new ApiItem({ [`${name}[${i}]`]: entry }, this.where);
      return item.int(`${name}[${i}]`, 0, range);
    });
  }

  /** one of `allowed`; `fallback` when absent */
  oneOf<T extends number | string>(name: string, allowed: readonly T[], fallback: T, expected?: string): T {
    const value = this.raw(name);
    if (value === undefined || value === null) return fallback;
    const asNumber = typeof value === 'string' && value.trim() !== '' && allowed.some((a) => typeof a === 'number') ? Number(value) : value;
    const found = allowed.find((a) => a === asNumber || (typeof a === 'string' && typeof value === 'string' && a === value.trim().toLowerCase()));
    if (found === undefined) this.fail(name, expected ?? `one of ${allowed.join(', ')}`);
    return found;
  }

  /** text (a number is taken as its decimal text); `fallback` when absent or null */
  text(name: string, fallback: string | null, maxChars = 255): string | null {
    try {
      return looseString(this.raw(name), this.label(name), maxChars) ?? fallback;
    } catch (err) {
      if (err instanceof LookoutError) throw err;
      return this.fail(name, 'a string');
    }
  }

  /** 0 or 1 from a boolean, 0/1 or "true"/"false" */
  flag(name: string, fallback: 0 | 1 = 0): 0 | 1 {
    const b = looseBool(this.raw(name), this.label(name));
    return b === undefined ? fallback : b ? 1 : 0;
  }

  /** `clean` as both generations send it: true/false, 1/0, "true" — or PoracleNG's bitmask 0–7 (1 clean, 2 edit, 4 summary) */
  cleanBits(name = 'clean'): number {
    const raw = this.raw(name);
    if (typeof raw === 'number' || (typeof raw === 'string' && /^\s*\d+\s*$/.test(raw))) return this.int(name, 0, { min: 0, max: 7 });
    return this.flag(name);
  }

  /** a 400 naming the fields present that nothing read (`what` says what the item is for), if there are any */
  refuseUnread(what = ''): void {
    const unknown = this.unread();
    if (unknown.length > 0) this.refuse(unknown[0]!, `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}${what ? ` ${what}` : ''}`);
  }

  /** the fields present in the item that nothing read */
  unread(): string[] {
    return Object.keys(this.fields).filter((k) => !this.seen.has(k));
  }
}
