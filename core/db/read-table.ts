/**
 * Raw reads of tracking tables for the state snapshot. Values stay as the columns hold them (tinyint → number,
 * never boolean) and come out the same on both engines.
 */
import type { Knex } from 'knex';
import type { TrackingRow } from '../model.ts';
import { normaliseValue, toNumber, toText } from './codec.ts';

export function normaliseRow(row: Record<string, unknown>): TrackingRow {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = normaliseValue(value);
  return { ...out, uid: toNumber(row.uid), id: toText(row.id), profile_no: toNumber(row.profile_no, 1) };
}

/** Every row of a tracking table, ordered by uid. */
export async function readTable(knex: Knex, table: string): Promise<TrackingRow[]> {
  const rows = (await knex(table).select('*').orderBy('uid')) as Record<string, unknown>[];
  return rows.map(normaliseRow);
}
