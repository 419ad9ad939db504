/**
 * Reading scanner payload fields with one rule set for every alert plugin: a missing or null optional field
 * takes its default; a present field of the wrong type or out of range is a problem, reported with the field
 * name and what was found, so the item is rejected with a clear reason instead of alerting with garbage.
 * Numbers sent as numeric strings (older scanners) are accepted.
 */

export type Payload = Readonly<Record<string, unknown>>;

export function asPayload(raw: unknown): Payload | null {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Payload) : null;
}

interface Range {
  readonly min?: number;
  readonly max?: number;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : String(value);
}

function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

export class PayloadFields {
  private readonly found: string[] = [];

  constructor(private readonly raw: Payload) {}

  /** the first problem, or null when every field read so far was acceptable */
  get problem(): string | null {
    return this.found[0] ?? null;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined && this.raw[key] !== null;
  }

  private fail<T>(key: string, expected: string, value: unknown, fallback: T): T {
    this.found.push(`${key} must be ${expected} (found ${describe(value)})`);
    return fallback;
  }

  private inRange(key: string, value: number, range: Range | undefined, expected: string, fallback: number): number {
    if (range?.min !== undefined && value < range.min) return this.fail(key, expected, value, fallback);
    if (range?.max !== undefined && value > range.max) return this.fail(key, expected, value, fallback);
    return value;
  }

  private expectation(kind: string, range?: Range): string {
    if (range?.min !== undefined && range.max !== undefined) return `${kind} from ${range.min} to ${range.max}`;
    if (range?.min !== undefined) return `${kind} ≥ ${range.min}`;
    return kind;
  }

  requiredString(key: string): string {
    const value = this.raw[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    return this.fail(key, 'a non-empty string', value, '');
  }

  optionalString(key: string, fallback = ''): string {
    const value = this.raw[key];
    if (value === undefined || value === null) return fallback;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    return this.fail(key, 'a string', value, fallback);
  }

  requiredInt(key: string, range?: Range): number {
    const value = numeric(this.raw[key]);
    const expected = this.expectation('an integer', range);
    if (value === null || !Number.isInteger(value)) return this.fail(key, expected, this.raw[key], 0);
    return this.inRange(key, value, range, expected, 0);
  }

  optionalInt(key: string, fallback: number, range?: Range): number {
    if (!this.has(key)) return fallback;
    const value = numeric(this.raw[key]);
    const expected = this.expectation('an integer', range);
    if (value === null || !Number.isInteger(value)) return this.fail(key, expected, this.raw[key], fallback);
    return this.inRange(key, value, range, expected, fallback);
  }

  /** an integer or null (absent and null both give null) */
  nullableInt(key: string, range?: Range): number | null {
    if (!this.has(key)) return null;
    return this.optionalInt(key, 0, range);
  }

  optionalNumber(key: string, fallback: number, range?: Range): number {
    if (!this.has(key)) return fallback;
    const value = numeric(this.raw[key]);
    const expected = this.expectation('a number', range);
    if (value === null) return this.fail(key, expected, this.raw[key], fallback);
    return this.inRange(key, value, range, expected, fallback);
  }

  requiredNumber(key: string, range?: Range): number {
    const value = numeric(this.raw[key]);
    const expected = this.expectation('a number', range);
    if (value === null) return this.fail(key, expected, this.raw[key], 0);
    return this.inRange(key, value, range, expected, 0);
  }

  /** booleans, 0/1 and "true"/"false"; null when absent */
  nullableBool(key: string): boolean | null {
    const value = this.raw[key];
    if (value === undefined || value === null) return null;
    if (typeof value === 'boolean') return value;
    if (value === 0 || value === 1) return value === 1;
    if (value === 'true' || value === 'false') return value === 'true';
    return this.fail(key, 'a boolean', value, null);
  }

  optionalBool(key: string, fallback: boolean): boolean {
    return this.nullableBool(key) ?? fallback;
  }

  /** latitude and longitude, both required and within range */
  coordinates(latKey = 'latitude', lonKey = 'longitude'): { latitude: number; longitude: number } {
    return { latitude: this.requiredNumber(latKey, { min: -90, max: 90 }), longitude: this.requiredNumber(lonKey, { min: -180, max: 180 }) };
  }

  /** the raw value (for nested structures the caller checks itself) */
  value(key: string): unknown {
    return this.raw[key];
  }

  /** records a problem found by the caller */
  report(problem: string): void {
    this.found.push(problem);
  }
}
