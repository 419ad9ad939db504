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
 */
import type { Knex } from 'knex';

interface Statement {
  raw(on: boolean): Statement;
  pluck(on: boolean): Statement;
  all(...bindings: unknown[]): unknown[];
  get(...bindings: unknown[]): unknown;
}
interface Connection {
  prepare(sql: string): Statement;
}

export type PageReader = (after: number | null) => Promise<readonly (readonly unknown[])[]>;

/** one page in uid order after `after` (null = from the start) */
export type PageQuery = (after: number | null) => Knex.QueryBuilder;

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

/**
 * Prepared statements of one table read, by connection and SQL: every page after the first has the same SQL, so
 * SQLite compiles the page query (a JSON array of every column) once per read rather than once per page.
 */
class Statements {
  private readonly prepared = new WeakMap<Connection, Map<string, Statement>>();

  get(connection: Connection, sql: string, prepare: (statement: Statement) => Statement): Statement {
    let bySql = this.prepared.get(connection);
    if (bySql === undefined) this.prepared.set(connection, (bySql = new Map()));
    let statement = bySql.get(sql);
    if (statement === undefined) bySql.set(sql, (statement = prepare(connection.prepare(sql))));
    return statement;
  }
}

function rawPage(statements: Statements, connection: Connection, query: Knex.QueryBuilder): unknown[][] {
  const { sql, bindings } = query.toSQL().toNative();
  return statements.get(connection, sql, (s) => s.raw(true)).all(...bindings) as unknown[][];
}

function jsonPage(knex: Knex, statements: Statements, connection: Connection, query: Knex.QueryBuilder, columns: readonly string[]): unknown[][] {
  const values = columns.map(() => '??').join(', ');
  const page = knex.select(knex.raw(`json_group_array(json_array(${values}))`, columns)).from(query.as('page'));
  const { sql, bindings } = page.toSQL().toNative();
  return JSON.parse(statements.get(connection, sql, (s) => s.pluck(true)).get(...bindings) as string) as unknown[][];
}

function isBlobRefusal(err: unknown): boolean {
  return err instanceof Error && /BLOB/i.test(err.message);
}

/**
 * Reads pages of `columns` on a connection of knex's pool (released between pages). `types` are the declared
 * column types (columnInfo), which decide whether the JSON path is safe for the table.
 */
export function sqlitePages(knex: Knex, columns: readonly string[], types: readonly string[], pageQuery: PageQuery): PageReader {
  const json = types.every((type) => EXACT_IN_JSON.test(type));
  const statements = new Statements();
  return (after) =>
    onConnection(knex, (connection) => {
      if (!json) return rawPage(statements, connection, pageQuery(after));
      try {
        return jsonPage(knex, statements, connection, pageQuery(after), columns);
      } catch (err) {
        if (isBlobRefusal(err)) return rawPage(statements, connection, pageQuery(after));
        throw err;
      }
    });
}
