/**
 * The forecast's disk cache (`<root>/.cache/weather-forecast.json`): each cell's location key, hourly conditions,
 * when it is due again and the hour it was last tried, and the keys' calls today, so a restart spends no quota
 * on what is already known. A missing or damaged file starts empty (a damaged one with a warning).
 */
import { readJson, writeAtomic } from '../gamedata/json-file.ts';
import type { KeyUsage } from './key-pool.ts';

/** What is known of one weather cell. Times are unix ms; hours are keyed by their start in unix seconds. */
export interface CellForecast {
  /** the provider's location key of the cell, once looked up */
  location: string | null;
  /** hour start (unix seconds, as text) → game condition */
  hours: Record<string, number>;
  /** when the forecast is due again (0: never fetched) */
  refreshAt: number;
  /** the start of the hour of the last attempt (a cell is tried at most once an hour) */
  triedHour: number;
}

export interface ForecastCache {
  readonly keys: KeyUsage | null;
  readonly cells: Map<string, CellForecast>;
}

const VERSION = 1;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readCell(v: unknown): CellForecast | null {
  if (!isObject(v) || !isObject(v['hours'])) return null;
  const hours: Record<string, number> = {};
  for (const [hour, condition] of Object.entries(v['hours'])) if (Number.isInteger(condition)) hours[hour] = condition as number;
  return {
    location: typeof v['location'] === 'string' ? v['location'] : null,
    hours,
    refreshAt: typeof v['refreshAt'] === 'number' ? v['refreshAt'] : 0,
    triedHour: typeof v['triedHour'] === 'number' ? v['triedHour'] : 0,
  };
}

function readKeys(v: unknown): KeyUsage | null {
  if (!isObject(v) || typeof v['day'] !== 'string' || !isObject(v['calls']) || !Array.isArray(v['benched'])) return null;
  const calls: Record<string, number> = {};
  for (const [print, n] of Object.entries(v['calls'])) if (Number.isInteger(n)) calls[print] = n as number;
  return { day: v['day'], calls, benched: v['benched'].filter((b): b is string => typeof b === 'string') };
}

export type CacheRead = { readonly cache: ForecastCache; readonly problem: string | null };

export async function readForecastCache(path: string): Promise<CacheRead> {
  const empty: ForecastCache = { keys: null, cells: new Map() };
  const read = await readJson(path);
  if (!read.ok) return { cache: empty, problem: read.missing ? null : read.reason };
  const v = read.value;
  if (!isObject(v) || v['version'] !== VERSION || !isObject(v['cells'])) return { cache: empty, problem: 'not a forecast cache of this version' };
  const cells = new Map<string, CellForecast>();
  for (const [id, cell] of Object.entries(v['cells'])) {
    const parsed = readCell(cell);
    if (parsed) cells.set(id, parsed);
  }
  return { cache: { keys: readKeys(v['keys']), cells }, problem: null };
}

export async function writeForecastCache(path: string, keys: KeyUsage, cells: ReadonlyMap<string, CellForecast>): Promise<void> {
  await writeAtomic(path, `${JSON.stringify({ version: VERSION, keys, cells: Object.fromEntries(cells) })}\n`);
}
