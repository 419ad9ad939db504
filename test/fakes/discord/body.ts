/**
 * Checks of request bodies for the fake's routes: each answers the typed value or throws Discord's 400 50035
 * naming the member, so a malformed payload is refused the way Discord refuses it.
 */
import { invalidFormBody } from './errors.ts';
import { isSnowflake } from './snowflake.ts';

export type Body = Readonly<Record<string, unknown>>;

export function objectBody(body: unknown): Body {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidFormBody('body', 'must be a JSON object');
  return body as Body;
}

export function optionalString(body: Body, key: string, max = Number.POSITIVE_INFINITY): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidFormBody(key, 'must be a string');
  if (value.length > max) throw invalidFormBody(key, `must be ${max} or fewer in length`);
  return value;
}

export function requiredString(body: Body, key: string, max = Number.POSITIVE_INFINITY): string {
  const value = optionalString(body, key, max);
  if (value === undefined || value === '') throw invalidFormBody(key, 'this field is required');
  return value;
}

export function requiredSnowflake(body: Body, key: string): string {
  const value = body[key];
  if (!isSnowflake(value)) throw invalidFormBody(key, 'value is not a snowflake');
  return value;
}

export function optionalNumber(body: Body, key: string): number | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalidFormBody(key, 'must be a number');
  return value;
}

export function optionalArray(body: Body, key: string, max = Number.POSITIVE_INFINITY): unknown[] | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw invalidFormBody(key, 'must be an array');
  if (value.length > max) throw invalidFormBody(key, `must have ${max} or fewer items`);
  return value as unknown[];
}

/** `allow`/`deny` permission bitfields: Discord sends them as decimal strings (numbers are accepted). */
export function optionalBitfield(body: Body, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return value;
  throw invalidFormBody(key, 'must be a permission bitfield');
}
