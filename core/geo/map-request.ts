/**
 * What a geofence map request asks for, as pure functions: latitude, longitude and distance path parameters,
 * the optional `weather` id, the overview body's area names, the area lookup by name, and whether the
 * client wants the image itself rather than its URL. Bad input is a BAD_REQUEST naming the parameter; an
 * unknown area a NOT_FOUND.
 */
import { LookoutError } from '../errors.ts';
import type { Fence } from './fence.ts';
import type { GeofenceSet } from './store.ts';

/** the largest distance map, in metres */
export const MAX_MAP_DISTANCE = 1_000_000;

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

function decimal(value: string | undefined): number | null {
  const text = (value ?? '').trim();
  return DECIMAL.test(text) ? Number(text) : null;
}

function coordinate(name: string, value: string | undefined, limit: number): number {
  const number = decimal(value);
  if (number === null || Math.abs(number) > limit) throw new LookoutError('BAD_REQUEST', `${name} must be a number from -${limit} to ${limit}`, { [name]: value });
  return number;
}

export interface PointParams {
  readonly lat?: string;
  readonly lon?: string;
}

export function pointParams(params: PointParams): { readonly latitude: number; readonly longitude: number } {
  return { latitude: coordinate('lat', params.lat, 90), longitude: coordinate('lon', params.lon, 180) };
}

export function distanceParam(value: string | undefined): number {
  const metres = decimal(value);
  if (metres === null || metres <= 0 || metres > MAX_MAP_DISTANCE) {
    throw new LookoutError('BAD_REQUEST', `distance must be a number of metres above 0 and at most ${MAX_MAP_DISTANCE}`, { distance: value });
  }
  return metres;
}

export type Query = Readonly<Record<string, unknown>>;

/** `?weather=<id>`: a whole number from 0; null when absent. */
export function weatherParam(query: Query): number | null {
  const value = query.weather;
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !/^\d{1,4}$/.test(value.trim())) throw new LookoutError('BAD_REQUEST', 'weather must be a weather id (a whole number from 0)', { weather: value });
  return Number(value.trim());
}

/** `{"areas": ["name", …]}` or a bare array of names. */
export function areaNamesBody(body: unknown): string[] {
  const list = Array.isArray(body) ? body : typeof body === 'object' && body !== null ? (body as { areas?: unknown }).areas : undefined;
  if (!Array.isArray(list) || !list.every((name): name is string => typeof name === 'string')) {
    throw new LookoutError('BAD_REQUEST', 'the body must be {"areas": ["<area name>", …]} or an array of area names');
  }
  const names = list.map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) throw new LookoutError('BAD_REQUEST', 'areas must name at least one area');
  return names;
}

/** The fence of that name in any case, `_` also standing for a space (as the previous generation matched). */
export function findFence(set: GeofenceSet, name: string): Fence | undefined {
  return set.index.byName(name.trim()) ?? set.index.byName(name.trim().replace(/_/g, ' '));
}

export function fenceNamed(set: GeofenceSet, name: string): Fence {
  const fence = findFence(set, name);
  if (!fence) throw new LookoutError('NOT_FOUND', 'area not found', { area: name });
  return fence;
}

/** Every named fence once, in the order named; NOT_FOUND naming every unknown name. */
export function fencesNamed(set: GeofenceSet, names: readonly string[]): Fence[] {
  const unknown = names.filter((name) => !findFence(set, name));
  if (unknown.length > 0) throw new LookoutError('NOT_FOUND', `area not found: ${unknown.join(', ')}`, { areas: unknown });
  return [...new Set(names.map((name) => findFence(set, name)!))];
}

/**
 * The image rather than its URL: `?format=image`, or an Accept header asking for an image and not for JSON
 * (`?format=json` always answers JSON).
 */
export function wantsImage(query: Query, accept: string | undefined): boolean {
  const format = query.format;
  if (format !== undefined && format !== 'image' && format !== 'json') throw new LookoutError('BAD_REQUEST', 'format must be "image" or "json"', { format });
  if (format !== undefined) return format === 'image';
  const types = (accept ?? '').toLowerCase().split(',').map((part) => part.split(';')[0]!.trim());
  return types.some((type) => type.startsWith('image/')) && !types.some((type) => type === 'application/json' || type.endsWith('+json'));
}
