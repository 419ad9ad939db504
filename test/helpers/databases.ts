/**
 * Fresh databases for tests: a SQLite file (always) and a MariaDB/MySQL database `lookout_test_<random>`
 * (created before, dropped after) when the server is reachable. Unreachable MariaDB skips its variant with a
 * message — or fails it when CI=true or LOOKOUT_REQUIRE_MARIADB=1.
 * Server settings: LOOKOUT_TEST_MYSQL_HOST / _PORT / _USER / _PASSWORD (default 127.0.0.1:3306 root, no password).
 * LOOKOUT_TEST_ENGINES=sqlite (or mysql) limits the engines. LOOKOUT_TEST_DB_PREFIX (default `lookout_`) starts the
 * names of every scratch database the tests create (`<prefix>test_…`, `<prefix>scanner_…`), so a shared server's
 * other databases are never touched and a user granted only `<prefix>%` can run the suite.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import type { Knex } from 'knex';
import mysql from 'mysql2/promise';
import { createDb, type DbOptions } from '../../core/db/connect.ts';
import { silentDbLog } from '../../core/db/log.ts';
import { prepareDatabase } from '../../core/db/migrate.ts';

export type Engine = 'sqlite' | 'mysql';

/** LOOKOUT_TEST_DB_PREFIX, or `lookout_`: letters, digits and `_` only (it goes into CREATE DATABASE). */
export function testDatabasePrefix(env: NodeJS.ProcessEnv = process.env): string {
  const prefix = env.LOOKOUT_TEST_DB_PREFIX ?? 'lookout_';
  if (!/^[A-Za-z0-9_]{1,32}$/.test(prefix)) throw new Error(`LOOKOUT_TEST_DB_PREFIX must be 1–32 letters, digits or _ (got "${prefix}")`);
  return prefix;
}

export interface TestDatabase {
  readonly engine: Engine;
  readonly options: DbOptions;
  readonly knex: Knex;
  /** destroys the pool, then deletes the file / drops the database; idempotent */
  cleanup(): Promise<void>;
}

export interface OpenOptions {
  /** run prepareDatabase (all migrations) before handing the database over */
  readonly migrate?: boolean;
  /** MySQL only: default charset of the created database (default utf8mb4) */
  readonly charset?: 'utf8mb4' | 'utf8mb3';
}

export interface DatabaseTarget {
  readonly engine: Engine;
  /** set when this engine must be skipped (the reason) */
  readonly skip: string | null;
  /** set when this engine is required but unusable (the reason) */
  readonly failure: string | null;
}

export interface MysqlServer {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
}

export function mysqlServer(): MysqlServer {
  const env = process.env;
  return {
    host: env.LOOKOUT_TEST_MYSQL_HOST || '127.0.0.1',
    port: Number(env.LOOKOUT_TEST_MYSQL_PORT || 3306),
    user: env.LOOKOUT_TEST_MYSQL_USER || 'root',
    password: env.LOOKOUT_TEST_MYSQL_PASSWORD ?? '',
  };
}

export function mariadbRequired(): boolean {
  return process.env.CI === 'true' || process.env.LOOKOUT_REQUIRE_MARIADB === '1';
}

/** Opens a plain mysql2 connection to the test server (no database selected unless given). */
export function adminConnection(extra: mysql.ConnectionOptions = {}): Promise<mysql.Connection> {
  const s = mysqlServer();
  return mysql.createConnection({ host: s.host, port: s.port, user: s.user, password: s.password, connectTimeout: 3000, charset: 'utf8mb4', ...extra });
}

let reachability: Promise<string | null> | null = null;

/** null when the server answers, else why not. Checked once per process. */
/** A cleanup that closes `knex` and drops the scratch database `database`, once however often it is called. */
export function dropOnce(knex: Knex, database: string): () => Promise<void> {
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    await knex.destroy();
    const conn = await adminConnection();
    try {
      await conn.query(`DROP DATABASE IF EXISTS \`${database}\``);
    } finally {
      await conn.end();
    }
  };
}

export function mysqlUnreachableReason(): Promise<string | null> {
  reachability ??= (async () => {
    try {
      const conn = await adminConnection();
      await conn.end();
      return null;
    } catch (err) {
      const s = mysqlServer();
      return `MariaDB not reachable at ${s.host}:${s.port} (${err instanceof Error ? err.message || String((err as { code?: string }).code) : String(err)})`;
    }
  })();
  return reachability;
}

function enginesWanted(): Engine[] {
  const wanted = (process.env.LOOKOUT_TEST_ENGINES ?? 'sqlite,mysql').split(',').map((e) => e.trim());
  return (['sqlite', 'mysql'] as const).filter((e) => wanted.includes(e));
}

/** The engines this run covers, each with its skip/failure verdict. */
export async function databaseTargets(): Promise<DatabaseTarget[]> {
  const targets: DatabaseTarget[] = [];
  for (const engine of enginesWanted()) {
    const reason = engine === 'mysql' ? await mysqlUnreachableReason() : null;
    if (!reason) targets.push({ engine, skip: null, failure: null });
    else if (mariadbRequired()) targets.push({ engine, skip: null, failure: `${reason}; required because CI=true or LOOKOUT_REQUIRE_MARIADB=1` });
    else targets.push({ engine, skip: `${reason}; set LOOKOUT_TEST_MYSQL_* to point at a server`, failure: null });
  }
  return targets;
}

async function openSqlite(): Promise<TestDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'lookout-test-'));
  const options: DbOptions = { client: 'sqlite', filename: join(dir, 'lookout.sqlite'), host: '', port: 0, user: '', password: '', database: '', maxConnections: 1 };
  const knex = createDb(options);
  let done = false;
  return {
    engine: 'sqlite',
    options,
    knex,
    async cleanup() {
      if (done) return;
      done = true;
      await knex.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function openMysql(charset: 'utf8mb4' | 'utf8mb3'): Promise<TestDatabase> {
  const database = `${testDatabasePrefix()}test_${randomBytes(6).toString('hex')}`;
  const collation = charset === 'utf8mb4' ? 'utf8mb4_unicode_ci' : 'utf8mb3_general_ci';
  const admin = await adminConnection();
  try {
    await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET ${charset} COLLATE ${collation}`);
  } finally {
    await admin.end();
  }
  const s = mysqlServer();
  const options: DbOptions = { client: 'mysql', filename: '', ...s, database, maxConnections: 4 };
  const knex = createDb(options);
  return {
    engine: 'mysql',
    options,
    knex,
    cleanup: dropOnce(knex, database),
  };
}

/** A fresh, empty (or, with migrate, fully migrated) database of that engine. */
export async function openTestDatabase(engine: Engine, options: OpenOptions = {}): Promise<TestDatabase> {
  const db = engine === 'sqlite' ? await openSqlite() : await openMysql(options.charset ?? 'utf8mb4');
  if (options.migrate) {
    try {
      await prepareDatabase(db.knex, silentDbLog);
    } catch (err) {
      await db.cleanup();
      throw err;
    }
  }
  return db;
}

/** What a describe-style suite body sees: filled in by its `before` hook. */
export interface DbFixture {
  readonly engine: Engine;
  readonly knex: Knex;
  readonly options: DbOptions;
}

function fixtureFor(engine: Engine, holder: { db: TestDatabase | null }): DbFixture {
  const db = (): TestDatabase => {
    if (!holder.db) throw new Error(`the ${engine} test database is only available inside tests and hooks`);
    return holder.db;
  };
  return { engine, get knex() { return db().knex; }, get options() { return db().options; } };
}

function describeTarget(name: string, target: DatabaseTarget, fn: (db: DbFixture) => void, options: OpenOptions): void {
  describe(`${name} [${target.engine}]`, () => {
    if (target.skip) return void it(`${target.engine} variant`, { skip: target.skip }, () => {});
    if (target.failure) {
      const failure = target.failure;
      return void it(`${target.engine} variant`, () => { throw new Error(failure); });
    }
    const holder: { db: TestDatabase | null } = { db: null };
    before(async () => { holder.db = await openTestDatabase(target.engine, options); });
    after(async () => { await holder.db?.cleanup(); });
    fn(fixtureFor(target.engine, holder));
  });
}

async function runTargetSubtest(t: TestContext, target: DatabaseTarget, fn: (db: TestDatabase, t: TestContext) => Promise<void>, options: OpenOptions): Promise<void> {
  if (target.skip) return void (await t.test(`[${target.engine}]`, { skip: target.skip }, () => {}));
  await t.test(`[${target.engine}]`, async (st) => {
    if (target.failure) throw new Error(target.failure);
    const db = await openTestDatabase(target.engine, options);
    try {
      await fn(db, st);
    } finally {
      await db.cleanup();
    }
  });
}

/**
 * Runs tests once per engine.
 * - `forEachDatabase('suite', (db) => { it(...) })`: one describe per engine sharing one database (opened in
 *   `before`, removed in `after`); register tests synchronously and use `db.knex` inside them.
 * - `await forEachDatabase(t, async (db, st) => {...})`: one subtest per engine, each on its own fresh database.
 */
export function forEachDatabase(suite: string, fn: (db: DbFixture) => void, options?: OpenOptions): Promise<void>;
export function forEachDatabase(t: TestContext, fn: (db: TestDatabase, t: TestContext) => Promise<void>, options?: OpenOptions): Promise<void>;
export async function forEachDatabase(
  where: string | TestContext,
  fn: ((db: DbFixture) => void) | ((db: TestDatabase, t: TestContext) => Promise<void>),
  options: OpenOptions = {},
): Promise<void> {
  const targets = await databaseTargets();
  for (const target of targets) {
    if (typeof where === 'string') describeTarget(where, target, fn as (db: DbFixture) => void, options);
    else await runTargetSubtest(where, target, fn as (db: TestDatabase, t: TestContext) => Promise<void>, options);
  }
}
