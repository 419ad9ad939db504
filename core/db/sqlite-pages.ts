/**
 * Pages of a table from better-sqlite3 as arrays of values, for read-table.ts. better-sqlite3 builds every value
 * of a raw row through V8's API, which at 37 columns costs more than the rest of a reload's reading; SQLite
 * writing the whole page as one JSON text (`json_group_array(json_array(…))`) and one JSON.parse per page give
 * the same arrays in about half the time (500k monsters rules: 1.38 → 0.72 s).
 *
 * The JSON path is only taken where it gives the same values as raw mode: integers and text come out alike,
 * but SQLite writes a REAL with 15 significant digits, so a table with any column not declared as integer,
 * boolean or text (SQLite's affinity rules) is read raw; a page holding a BLOB (json_array refuses it) is read
 * again raw.
 *
 * A database in a file has its JSON pages read by a worker thread (sqlite-page-thread.ts), one page ahead of the
 * one being parsed here; whatever the thread cannot do is read here from that page on.
 */
import type { Knex } from 'knex';
import { walkPages, type PageQuery, type PageReader, type PageWalk, type ValuePage } from './page-walk.ts';
import { pageThreadFor, type SqlitePageThread } from './sqlite-page-thread.ts';

interface Statement {
  raw(on: boolean): Statement;
  pluck(on: boolean): Statement;
  all(...bindings: unknown[]): unknown[];
  get(...bindings: unknown[]): unknown;
}
interface Connection {
  prepare(sql: string): Statement;
}

/** declared types whose values JSON keeps exactly: INTEGER and TEXT affinity, and knex's boolean */
const EXACT_IN_JSON = /INT|CHAR|CLOB|TEXT|BOOL/i;

async function onConnection<T>(knex: Knex, work: (connection: Connection) => T): Promise<T> {
  const connection = (await knex.client.acquireConnection()) as Connection;
  try {
    return work(connection);
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

function rawPage(connection: Connection, query: Knex.QueryBuilder): unknown[][] {
  const { sql, bindings } = query.toSQL().toNative();
  return connection.prepare(sql).raw(true).all(...bindings) as unknown[][];
}

/** The page as one row: its JSON text, its row count and its last uid. */
function jsonPageSql(knex: Knex, query: Knex.QueryBuilder, columns: readonly string[]): { readonly sql: string; readonly bindings: readonly unknown[] } {
  const values = columns.map(() => '??').join(', ');
  const page = knex.select(knex.raw(`json_group_array(json_array(${values}))`, columns), knex.raw('count(*)'), knex.raw('max(??)', ['uid'])).from(query.as('page'));
  const { sql, bindings } = page.toSQL().toNative();
  return { sql, bindings };
}

function jsonPage(knex: Knex, connection: Connection, query: Knex.QueryBuilder, columns: readonly string[]): unknown[][] {
  const { sql, bindings } = jsonPageSql(knex, query, columns);
  const [text] = connection.prepare(sql).raw(true).get(...bindings) as [string];
  return JSON.parse(text) as unknown[][];
}

function isBlobRefusal(err: unknown): boolean {
  return err instanceof Error && /BLOB/i.test(err.message);
}

function jsonSafe(types: readonly string[]): boolean {
  return types.every((type) => EXACT_IN_JSON.test(type));
}

/**
 * Reads pages of `columns` on a connection of knex's pool (released between pages). `types` are the declared
 * column types (columnInfo), which decide whether the JSON path is safe for the table.
 */
export function sqlitePages(knex: Knex, columns: readonly string[], types: readonly string[], pageQuery: PageQuery): PageReader {
  const json = jsonSafe(types);
  return (after) =>
    onConnection(knex, (connection) => {
      if (!json) return rawPage(connection, pageQuery(after));
      try {
        return jsonPage(knex, connection, pageQuery(after), columns);
      } catch (err) {
        if (isBlobRefusal(err)) return rawPage(connection, pageQuery(after));
        throw err;
      }
    });
}

/** The thread's pages from `after` on, the next one asked for before this one is parsed; a failure rejects. */
async function* threadPages(thread: SqlitePageThread, knex: Knex, columns: readonly string[], pageQuery: PageQuery, walk: PageWalk, state: { after: number | null }): AsyncGenerator<ValuePage> {
  const ask = (after: number | null) => {
    const { sql, bindings } = jsonPageSql(knex, pageQuery(after), columns);
    const answer = thread.page(sql, bindings);
    answer.catch(() => undefined); // a page asked for ahead and never awaited must not be an unhandled rejection
    return answer;
  };
  let pending = ask(state.after);
  for (;;) {
    const page = await pending;
    const full = page.rows >= walk.pageRows;
    if (full) pending = ask(page.last);
    if (page.rows > 0) yield JSON.parse(page.text) as ValuePage;
    if (!full) return;
    state.after = page.last;
  }
}

/**
 * Every page of a table: from the page thread when the database is a file and the table is JSON-safe, else (and
 * from the first page the thread could not give: a BLOB, a thread that failed) read here with `sqlitePages`.
 */
export async function* sqliteTablePages(knex: Knex, columns: readonly string[], types: readonly string[], pageQuery: PageQuery, walk: PageWalk): AsyncGenerator<ValuePage> {
  const here = sqlitePages(knex, columns, types, pageQuery);
  const thread = jsonSafe(types) ? pageThreadFor(knex) : null;
  const state = { after: null as number | null };
  if (thread) {
    try {
      yield* threadPages(thread, knex, columns, pageQuery, walk, state);
      return;
    } catch {
      // read on here from the page the thread did not give
    }
  }
  yield* walkPages(here, walk, state.after);
}
