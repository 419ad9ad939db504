/**
 * Raw reads of tracking tables for the state snapshot. Values stay as the columns hold them (tinyint → number,
 * never boolean) and come out the same on both engines. Whole tables are read in pages ordered by uid, handing
 * the event loop back between pages, so reading half a million rules never stalls webhook matching for long
 * (better-sqlite3 reads synchronously, and mysql2 parses a whole result at once).
 */
import type { Knex } from 'knex';
import type { TrackingRow } from '../model.ts';
import { normaliseValue, toNumber, toText } from './codec.ts';

/** rows per page: small enough that one page takes a few tens of milliseconds on a small machine */
export const PAGE_ROWS = 2_000;

/** Normalises a row the driver just returned, in place (it is ours): no copy per row. */
export function normaliseRow(row: Record<string, unknown>): TrackingRow {
  for (const key in row) {
    const value = row[key];
    if (typeof value === 'bigint' || Buffer.isBuffer(value)) row[key] = normaliseValue(value);
  }
  row.uid = toNumber(row.uid);
  row.id = toText(row.id);
  row.profile_no = toNumber(row.profile_no, 1);
  return row as unknown as TrackingRow;
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Every row of a tracking table, ordered by uid. */
export async function readTable(knex: Knex, table: string, pageRows = PAGE_ROWS): Promise<TrackingRow[]> {
  const all: TrackingRow[] = [];
  let after: number | null = null;
  for (;;) {
    const query = knex(table).select('*').orderBy('uid').limit(pageRows);
    if (after !== null) query.where('uid', '>', after);
    const page = (await query) as Record<string, unknown>[];
    for (const row of page) all.push(normaliseRow(row));
    if (page.length < pageRows) return all;
    after = all[all.length - 1]!.uid;
    await yieldToEventLoop();
  }
}
