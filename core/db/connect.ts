/**
 * The knex factory: MySQL/MariaDB through mysql2 (production) or SQLite through better-sqlite3 (embedded).
 * Also a password-free description for logs and a reachability probe.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { describeError, LookoutError } from '../errors.ts';
import type { DbLog } from './log.ts';

export type DbClient = 'mysql' | 'sqlite';

/** Which SQL dialect a migration or query has to speak. */
export type Dialect = DbClient;

export interface DbOptions {
  readonly client: DbClient;
  /** SQLite file (sqlite only); its parent directory is created */
  readonly filename: string;
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
  /** pool size (mysql only; SQLite uses one connection) */
  readonly maxConnections: number;
}

const ACQUIRE_TIMEOUT_MS = 15_000;
const CONNECT_TIMEOUT_MS = 10_000;

interface SqliteConnection {
  pragma(source: string): unknown;
}

function sqliteConfig(options: DbOptions): Knex.Config {
  if (options.filename !== ':memory:' && options.filename !== '') {
    mkdirSync(dirname(options.filename), { recursive: true });
  }
  return {
    client: 'better-sqlite3',
    connection: { filename: options.filename },
    useNullAsDefault: true,
    acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
    pool: {
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: SqliteConnection) => void) {
        try {
          conn.pragma('journal_mode = WAL');
          conn.pragma('busy_timeout = 5000');
          done(null, conn);
        } catch (err) {
          done(err instanceof Error ? err : new Error(String(err)), conn);
        }
      },
    },
  };
}

function mysqlConfig(options: DbOptions): Knex.Config {
  return {
    client: 'mysql2',
    connection: {
      host: options.host,
      port: options.port,
      user: options.user,
      password: options.password,
      database: options.database,
      charset: 'utf8mb4',
      connectTimeout: CONNECT_TIMEOUT_MS,
    },
    acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
    pool: { min: 0, max: Math.max(1, options.maxConnections) },
  };
}

/** Routes knex's own warnings (otherwise printed with console.log) into the service log. */
function knexLog(log: DbLog): Knex.Config['log'] {
  const warn = (message: unknown) => log.warn({ knex: typeof message === 'string' ? message : describeError(message) }, 'knex warning');
  return { warn, error: warn, deprecate: warn, debug: () => {} };
}

/**
 * Opens a knex instance (lazily: no connection is made until the first query).
 * With `log`, knex's own warnings (e.g. connection errors while acquiring) go there instead of stdout.
 */
export function createDb(options: DbOptions, log?: DbLog): Knex {
  const config = options.client === 'sqlite' ? sqliteConfig(options) : mysqlConfig(options);
  return knexFactory(log ? { ...config, log: knexLog(log) } : config);
}

/** A one-line description for logs; never contains the password. */
export function describeDb(options: DbOptions): string {
  if (options.client === 'sqlite') return `sqlite:${options.filename}`;
  return `mysql://${options.user}@${options.host}:${options.port}/${options.database}`;
}

/** The dialect a knex instance speaks, from its client name. */
export function dialectOf(knex: Knex): Dialect {
  const client: unknown = knex.client.config.client;
  const name = typeof client === 'string' ? client : typeof client === 'function' ? client.name : '';
  return /sqlite/i.test(name) ? 'sqlite' : 'mysql';
}

/** Runs a trivial query; throws DB_UNREACHABLE (with the driver's reason) when the database cannot be used. */
export async function checkReachable(knex: Knex): Promise<void> {
  try {
    await knex.raw('select 1 as ok');
  } catch (err) {
    throw new LookoutError('DB_UNREACHABLE', `database not reachable: ${describeError(err)}`, { dialect: dialectOf(knex) }, { cause: err });
  }
}
