/**
 * Raw reads of tracking tables for the state snapshot. Values stay as the columns hold them (tinyint → number,
 * never boolean) and come out the same on both engines.
 *
 * Whole tables are read in pages ordered by uid, handing the event loop back between pages, so reading half a
 * million rules never stalls webhook matching for long (better-sqlite3 reads synchronously, and mysql2 parses
 * a whole result at once). Pages come as arrays of values (SQLite's own JSON of the page or better-sqlite3's raw
 * mode, see sqlite-pages.ts; mysql2's rowsAsArray) and are turned into objects of one shape here: about 2.5
 * times faster than the drivers' own row objects at that size. Rows of one human share one `id` string, so
 * rules that keep it do not hold one copy each.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { TrackingRow } from '../model.ts';
import { normaliseValue, toNumber, toText } from './codec.ts';
import { dialectOf } from './connect.ts';
import { sqlitePages, type PageQuery, type PageReader } from './sqlite-pages.ts';

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

/**
 * Builds row objects from a page's values for one table's columns. The builder is generated once per table
 * read (the column names come from the table's own schema, quoted as JSON): named stores in a fixed order give
 * every row one hidden class, where a loop of computed-key stores is several times slower at this volume.
 */
function rowBuilder(columns: readonly string[]): (values: readonly unknown[]) => TrackingRow {
  const assign = columns.map((column, i) => `o[${JSON.stringify(column)}] = n(v[${i}]);`).join('\n');
  const build = new Function('n', 'v', `const o = {};\n${assign}\nreturn o;`) as (n: (value: unknown) => unknown, v: readonly unknown[]) => Record<string, unknown>;
  const plain = (value: unknown): unknown => (typeof value === 'bigint' || Buffer.isBuffer(value) ? normaliseValue(value) : value);
  const ids = new Map<string, string>();
  return (values) => {
    const row = build(plain, values);
    const id = toText(row.id);
    const shared = ids.get(id);
    if (shared === undefined) ids.set(id, id);
    row.uid = toNumber(row.uid);
    row.id = shared ?? id;
    row.profile_no = toNumber(row.profile_no, 1);
    return row as unknown as TrackingRow;
  };
}

function pageQuery(knex: Knex, table: string, columns: readonly string[], after: number | null, pageRows: number): Knex.QueryBuilder {
  const query = knex(table).select(columns).orderBy('uid').limit(pageRows);
  if (after !== null) query.where('uid', '>', after);
  return query;
}

/** mysql2: knex passes rowsAsArray through to the driver. */
function mysqlPages(pageQuery: PageQuery): PageReader {
  return async (after) => (await pageQuery(after).options({ rowsAsArray: true })) as unknown[][];
}


/** The columns of a table's pages, in the order each page's value arrays hold them. */
export interface TableLayout {
  readonly columns: readonly string[];
  /** per column: declared as an integer or boolean, so its values are integers or NULL (any other value is rare) */
  readonly integer: readonly boolean[];
}

/** One page of a table: each row's values as the driver gave them (bigint and Buffer not yet normalised), in layout order. */
export interface ValuePage {
  readonly layout: TableLayout;
  readonly rows: readonly (readonly unknown[])[];
}

/** integer and boolean declarations of both engines: `integer`, `int(11)`, `tinyint(1)`, `bigint unsigned`, `boolean` */
const INTEGER_TYPE = /^(tiny|small|medium|big)?int(eger)?\b|^bool/i;

/** Every row of a tracking table in uid order, handed to `onPage` a page of value arrays at a time. */
export async function readTableValuePages(knex: Knex, table: string, onPage: (page: ValuePage) => void, pageRows = PAGE_ROWS): Promise<void> {
  const info = await knex(table).columnInfo();
  const columns = Object.keys(info);
  const types = Object.values(info).map((c) => c.type);
  const layout: TableLayout = { columns, integer: types.map((type) => INTEGER_TYPE.test(type)) };
  const uidAt = columns.indexOf('uid');
  const page: PageQuery = (after) => pageQuery(knex, table, columns, after, pageRows);
  const read = dialectOf(knex) === 'sqlite' ? sqlitePages(knex, columns, types, page) : mysqlPages(page);
  let after: number | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) onPage({ layout, rows });
    if (rows.length < pageRows) return;
    after = toNumber(rows[rows.length - 1]![uidAt]);
    await yieldToEventLoop();
  }
}

/** Every row of a tracking table in uid order, handed to `onPage` a page of row objects at a time. */
export async function readTablePages(knex: Knex, table: string, onPage: (rows: readonly TrackingRow[]) => void, pageRows = PAGE_ROWS): Promise<void> {
  let rowOf: ((values: readonly unknown[]) => TrackingRow) | null = null;
  await readTableValuePages(
    knex,
    table,
    (page) => {
      rowOf ??= rowBuilder(page.layout.columns);
      onPage(page.rows.map(rowOf));
    },
    pageRows,
  );
}

/** Every row of a tracking table, ordered by uid (small tables, tests). */
export async function readTable(knex: Knex, table: string, pageRows = PAGE_ROWS): Promise<TrackingRow[]> {
  const all: TrackingRow[] = [];
  await readTablePages(knex, table, (rows) => all.push(...rows), pageRows);
  return all;
}
