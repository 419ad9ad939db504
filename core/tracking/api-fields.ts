/**
 * Body fields several tracking tables read the same way in the HTTP API: the `level` of rules tracked by
 * level (one whole number, or PoracleNG's list of them → one rule per level) and the boss-or-level choice of
 * tables where one `pokemon_id` value means "by level". The bounds and that value are the calling plugin's
 * (its own level range, its own "every level" and "by level" values); nothing here knows an alert type.
 * Each refusal names the field.
 */
import { looseInt } from '../http/api/loose-json.ts';
import type { ApiItem } from './api-item.ts';

/** The previous generation's words when a by-level rule has no level. */
export const LEVEL_REQUIRED = 'Invalid level (must be specified if no pokemon_id)';

export interface LevelBounds {
  /** the lowest level (usually 1) */
  readonly min: number;
  /** the highest level; no upper bound when absent */
  readonly max?: number;
  /** the value meaning "every level" (accepted beside min…max) */
  readonly all?: number;
}

function describeLevels(bounds: LevelBounds): string {
  const span = bounds.max === undefined ? `a whole number of at least ${bounds.min}` : `a whole number from ${bounds.min} to ${bounds.max}`;
  return bounds.all === undefined || bounds.max === undefined ? span : `${span}, or ${bounds.all} for every level`;
}

/** A whole number (loose: "5" reads as 5), or undefined for anything else. */
function wholeNumber(label: string, value: unknown): number | undefined {
  try {
    return looseInt(value, label);
  } catch {
    return undefined;
  }
}

/** One level at `name` (`level` or `level[2]`), within `bounds`. */
function oneLevel(item: ApiItem, name: string, value: unknown, bounds: LevelBounds, missing: string): number {
  const level = wholeNumber(item.label(name), value);
  const fits = level !== undefined && level >= bounds.min && (bounds.max === undefined || level <= bounds.max || level === bounds.all);
  if (!fits) item.refuse(name, `${missing}: must be ${describeLevels(bounds)}`);
  return level;
}

/**
 * `level` as one whole number or a list of them (loose: "5" reads as 5), each within `bounds`; the levels in the
 * order given, without repeats. Missing, null or an empty list → refused with `missing` (the previous
 * generation's wording), as is any level out of bounds.
 */
export function levelsOf(item: ApiItem, bounds: LevelBounds, missing: string = LEVEL_REQUIRED): number[] {
  const raw = item.raw('level');
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) item.refuse('level', missing);
  const levels = Array.isArray(raw) ? raw.map((value: unknown, i) => oneLevel(item, `level[${i}]`, value, bounds, missing)) : [oneLevel(item, 'level', raw, bounds, missing)];
  return [...new Set(levels)];
}

export interface BossOrLevels {
  /** `byLevel` when the rule goes by level */
  readonly pokemonId: number;
  /** the rows' `level` values: the levels asked for, or `[byLevel]` for a boss */
  readonly levels: readonly number[];
}

/**
 * `pokemon_id` (default `byLevel`): by level, `level` is required (see `levelsOf`); for a
 * boss the stored level is `byLevel` too, and a `level` the client sends back (a row as GET returned it) is read
 * and unused.
 */
export function bossOrLevels(item: ApiItem, byLevel: number, bounds: LevelBounds): BossOrLevels {
  const pokemonId = item.int('pokemon_id', byLevel, { min: 1, max: byLevel });
  if (pokemonId === byLevel) return { pokemonId, levels: levelsOf(item, bounds) };
  item.ignore('level');
  return { pokemonId, levels: [byLevel] };
}
