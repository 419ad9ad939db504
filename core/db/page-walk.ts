/**
 * Walking a tracking table page by page in uid order (keyset paging): the types the page readers share and the
 * plain walk, one page after another with the event loop turning between them.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Knex } from 'knex';
import { toNumber } from './codec.ts';

/** one page of rows as arrays of column values */
export type ValuePage = readonly (readonly unknown[])[];

/** reads the page after uid `after` (null = from the start) */
export type PageReader = (after: number | null) => Promise<ValuePage>;

/** one page in uid order after `after` (null = from the start) */
export type PageQuery = (after: number | null) => Knex.QueryBuilder;

/** Where a table's pages come from, and how to tell a full page and the uid the next one starts after. */
export interface PageWalk {
  readonly pageRows: number;
  /** position of `uid` among the columns */
  readonly uidAt: number;
}

/** Every page from `read`, starting after `from`; the last page is the first one shorter than `pageRows`. */
export async function* walkPages(read: PageReader, walk: PageWalk, from: number | null = null): AsyncGenerator<ValuePage> {
  let after = from;
  for (;;) {
    const values = await read(after);
    if (values.length > 0) yield values;
    if (values.length < walk.pageRows) return;
    after = toNumber(values[values.length - 1]![walk.uidAt]);
    await yieldToEventLoop();
  }
}
