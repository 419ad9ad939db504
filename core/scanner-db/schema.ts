/**
 * The scanners' tables as Lookout reads them. Golbat and RDM share the layout of `pokestop` and `gym` (Golbat
 * started from RDM's schema): `id` varchar(35), `lat`/`lon` double, `name` varchar(128) (NULL when unknown),
 * `enabled` and `deleted` tinyint; gyms also `team_id` and `available_slots`. Golbat adds `station` (max battle
 * stations: `id`, `lat`, `lon`, `name`), which RDM does not have. Only these columns are read; every query is a
 * parameterised SELECT.
 */
import type { Knex } from 'knex';
import type { ScannerType } from '../config/enums.ts';
import type { FortKind, FoundGym, LatLonBox, NearbyFort, NearbyKind } from './types.ts';

const TABLES: Readonly<Record<ScannerType, Readonly<Record<FortKind, string | null>>>> = {
  golbat: { pokestop: 'pokestop', gym: 'gym', station: 'station' },
  rdm: { pokestop: 'pokestop', gym: 'gym', station: null },
};

/** The table holding forts of this kind in this scanner's database; null when the scanner has none. */
export function tableOf(type: ScannerType, kind: FortKind): string | null {
  return TABLES[type][kind];
}

/** The fort's name: null when there is no such row or its name is NULL or blank. */
export async function queryName(knex: Knex, table: string, id: string): Promise<string | null> {
  const row: unknown = await knex(table).select('name').where('id', id).first();
  const name = typeof row === 'object' && row !== null ? (row as { name?: unknown }).name : null;
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}

interface FortRow {
  readonly id: unknown;
  readonly name: unknown;
  readonly lat: unknown;
  readonly lon: unknown;
  readonly team_id?: unknown;
  readonly available_slots?: unknown;
}

function fortOf(kind: NearbyKind, row: FortRow): NearbyFort | null {
  const latitude = Number(row.lat);
  const longitude = Number(row.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const base = { kind, id: String(row.id), name: typeof row.name === 'string' ? row.name : '', latitude, longitude };
  if (kind === 'pokestop') return base;
  return { ...base, teamId: Number(row.team_id) || 0, slots: Number(row.available_slots) || 0 };
}

/**
 * The enabled, not deleted stops or gyms in the box, nearest to its centre first (an equirectangular distance,
 * good enough to rank within one map), at most `limit`. The box filter uses the scanners' (lat, lon) index.
 */
export async function queryNearby(knex: Knex, table: string, kind: NearbyKind, box: LatLonBox, limit: number): Promise<NearbyFort[]> {
  const centreLat = (box.minLat + box.maxLat) / 2;
  const centreLon = (box.minLon + box.maxLon) / 2;
  const lonScale = Math.cos((centreLat * Math.PI) / 180);
  const columns = kind === 'gym' ? ['id', 'name', 'lat', 'lon', 'team_id', 'available_slots'] : ['id', 'name', 'lat', 'lon'];
  const rows: FortRow[] = await knex(table)
    .select(columns)
    .whereBetween('lat', [box.minLat, box.maxLat])
    .whereBetween('lon', [box.minLon, box.maxLon])
    .where('deleted', 0)
    .where('enabled', 1)
    .orderByRaw('(lat - ?) * (lat - ?) + ((lon - ?) * ?) * ((lon - ?) * ?)', [centreLat, centreLat, centreLon, lonScale, centreLon, lonScale])
    .limit(limit);
  return rows.map((row) => fortOf(kind, row)).filter((fort): fort is NearbyFort => fort !== null);
}

/** The longest search text a command sends (the scanners' `name` column is varchar(128)). */
export const MAX_GYM_SEARCH_LENGTH = 100;

/** `%`, `_` and `\` stand for themselves in the search, not as LIKE wildcards. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function foundGymOf(row: FortRow): FoundGym | null {
  const latitude = Number(row.lat);
  const longitude = Number(row.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return { id: String(row.id), name: typeof row.name === 'string' ? row.name : '', latitude, longitude };
}

/**
 * The enabled, not deleted gym whose id is `text` exactly; else the gyms whose name contains `text` (any case),
 * ordered by name, at most `limit`. `byId` tells which.
 */
export async function queryGymSearch(knex: Knex, table: string, text: string, limit: number): Promise<{ byId: boolean; gyms: FoundGym[] }> {
  const live = (q: Knex.QueryBuilder): Knex.QueryBuilder => q.where('deleted', 0).where('enabled', 1);
  const exact: FortRow[] = await live(knex(table).select('id', 'name', 'lat', 'lon').where('id', text)).limit(1);
  const gym = exact.map(foundGymOf).find((g): g is FoundGym => g !== null);
  if (gym) return { byId: true, gyms: [gym] };
  const pattern = `%${likeLiteral(text.slice(0, MAX_GYM_SEARCH_LENGTH).toLowerCase())}%`;
  const rows: FortRow[] = await live(knex(table).select('id', 'name', 'lat', 'lon').whereRaw("LOWER(name) LIKE ? ESCAPE '\\\\'", [pattern]))
    .orderBy('name')
    .limit(limit);
  return { byId: false, gyms: rows.map(foundGymOf).filter((g): g is FoundGym => g !== null) };
}
