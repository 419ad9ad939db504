/**
 * Telling a database outage from other errors (core/db/outage.ts): the errors the drivers really raise when the
 * database is gone, locked or refuses the login, and errors that are none of these.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import knexFactory from 'knex';
import { createDb, type DbOptions } from '../../../core/db/connect.ts';
import { silentDbLog } from '../../../core/db/log.ts';
import { databaseRefusal, isDatabaseUnreachable, unreachableError } from '../../../core/db/outage.ts';
import { LookoutError } from '../../../core/errors.ts';
import { mysqlServer, mysqlUnreachableReason } from '../../helpers/databases.ts';

const UNREACHABLE_MYSQL: DbOptions = { client: 'mysql', filename: '', host: '127.0.0.1', port: 1, user: 'lookout', password: 'x', database: 'alerts', maxConnections: 1 };

/** The error a query raises, or a failure when it succeeds. */
async function errorOf(query: Promise<unknown>): Promise<unknown> {
  try {
    await query;
  } catch (err) {
    return err;
  }
  throw new Error('the query succeeded');
}

/** knex's own warnings (the failed acquire) stay out of the test output */
const QUIET = { warn: () => {}, error: () => {}, deprecate: () => {}, debug: () => {} };

function driverError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error('driver'), fields);
}

describe('isDatabaseUnreachable', () => {
  it('a refused MySQL connection (ECONNREFUSED, as knex and mysql2 raise it) is an outage', async () => {
    const knex = createDb(UNREACHABLE_MYSQL, silentDbLog);
    try {
      const err = await errorOf(knex.raw('select 1'));
      assert.equal(isDatabaseUnreachable(err), true);
      assert.equal(databaseRefusal(err), null);
    } finally {
      await knex.destroy();
    }
  });

  it('a knex pool acquire timeout (KnexTimeoutError) is an outage', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lookout-outage-'));
    const knex = knexFactory({ client: 'better-sqlite3', connection: { filename: join(dir, 'db.sqlite') }, useNullAsDefault: true, pool: { min: 0, max: 1 }, acquireConnectionTimeout: 50, log: QUIET });
    try {
      // the only connection is held by an open transaction, so the next query waits for the pool and gives up
      const trx = await knex.transaction();
      const err = await errorOf(knex.raw('select 1'));
      await trx.rollback();
      assert.ok(err instanceof knexFactory.KnexTimeoutError);
      assert.equal(isDatabaseUnreachable(err), true);
    } finally {
      await knex.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a SQLite file locked by another connection beyond the busy timeout (SQLITE_BUSY) is an outage', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lookout-outage-'));
    const sqlite = (busyTimeoutMs: number) =>
      knexFactory({
        client: 'better-sqlite3',
        connection: { filename: join(dir, 'db.sqlite') },
        useNullAsDefault: true,
        log: QUIET,
        pool: {
          afterCreate(conn: { pragma(source: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
            conn.pragma(`busy_timeout = ${busyTimeoutMs}`);
            done(null, conn);
          },
        },
      });
    const holder = sqlite(5000);
    const other = sqlite(0);
    try {
      await holder.raw('create table t (x int)');
      const trx = await holder.transaction();
      await trx.raw('insert into t values (1)');
      const err = await errorOf(other.raw('insert into t values (2)'));
      await trx.rollback();
      assert.equal((err as { code?: string }).code, 'SQLITE_BUSY');
      assert.equal(isDatabaseUnreachable(err), true);
    } finally {
      await holder.destroy();
      await other.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('codes mysql2 gives a lost connection, and server errors of a server going away, are outages', () => {
    for (const code of ['PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']) {
      assert.equal(isDatabaseUnreachable(driverError({ code })), true, code);
    }
    for (const errno of [1040, 1053, 1205, 1927, 4031]) assert.equal(isDatabaseUnreachable(driverError({ errno })), true, String(errno));
    for (const code of ['SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED', 'SQLITE_IOERR_WRITE']) assert.equal(isDatabaseUnreachable(driverError({ code })), true, code);
  });

  it('finds the outage inside what wraps it (cause, AggregateError) and in the typed DB_UNREACHABLE', () => {
    assert.equal(isDatabaseUnreachable(new Error('wrapped', { cause: driverError({ code: 'ECONNREFUSED' }) })), true);
    assert.equal(isDatabaseUnreachable(new AggregateError([new Error('v6'), driverError({ code: 'ECONNREFUSED' })])), true);
    assert.equal(isDatabaseUnreachable(new LookoutError('DB_UNREACHABLE', 'gone')), true);
  });

  it('a bug, a constraint, a refusal or a cannot-open file is no outage', () => {
    assert.equal(isDatabaseUnreachable(new TypeError('x is undefined')), false);
    assert.equal(isDatabaseUnreachable(driverError({ code: 'ER_DUP_ENTRY', errno: 1062 })), false);
    assert.equal(isDatabaseUnreachable(driverError({ code: 'ER_ACCESS_DENIED_ERROR', errno: 1045 })), false);
    assert.equal(isDatabaseUnreachable(driverError({ code: 'SQLITE_CONSTRAINT_UNIQUE' })), false);
    assert.equal(isDatabaseUnreachable(driverError({ code: 'SQLITE_CANTOPEN' })), false);
    assert.equal(isDatabaseUnreachable(new LookoutError('NOT_FOUND', 'no such human')), false);
    // the text of an outage without its code decides nothing
    assert.equal(isDatabaseUnreachable(new Error('connect ECONNREFUSED 127.0.0.1:3306')), false);
    assert.equal(isDatabaseUnreachable(null), false);
  });

  it('unreachableError: the typed error with the driver error as cause', () => {
    const driver = driverError({ code: 'ECONNREFUSED' });
    const err = unreachableError(driver);
    assert.equal(err.code, 'DB_UNREACHABLE');
    assert.equal(err.kind, 'unavailable');
    assert.equal(err.cause, driver);
  });
});

describe('databaseRefusal (MariaDB)', async () => {
  const skip = (await mysqlUnreachableReason()) ?? false;
  const server = mysqlServer();
  const options: DbOptions = { client: 'mysql', filename: '', ...server, database: '', maxConnections: 1 };

  const refusals: readonly (readonly [string, Partial<DbOptions>, RegExp])[] = [
    ['a wrong password is a refusal naming user and password, not an outage', { password: `${server.password}-wrong` }, /user and password/],
    ['an unknown database is a refusal saying it does not exist', { database: 'lookout_test_missing_database' }, /does not exist/],
  ];
  for (const [name, wrong, hint] of refusals) {
    it(name, { skip }, async () => {
      const knex = createDb({ ...options, ...wrong }, silentDbLog);
      try {
        const err = await errorOf(knex.raw('select 1'));
        assert.equal(isDatabaseUnreachable(err), false);
        assert.match(databaseRefusal(err) ?? '', hint);
      } finally {
        await knex.destroy();
      }
    });
  }
});
