/**
 * The scanner database connection: a second knex instance (mysql2), separate from the service's own database, with
 * a small pool and short connect and acquire timeouts. Every session is set read-only, so nothing Lookout runs can
 * change the scanner's data. Opening is lazy: no connection is made until the first query.
 */
import knexFactory, { type Knex } from 'knex';
import { describeError } from '../errors.ts';
import type { ScannerDatabaseConfig } from '../config/index.ts';
import type { Logger } from '../log/logger.ts';

/** connections open at once: lookups are single-row or bounded queries, the pool only has to absorb bursts */
export const SCANNER_POOL_MAX = 3;
const CONNECT_TIMEOUT_MS = 3000;
const ACQUIRE_TIMEOUT_MS = 3000;

interface SqlConnection {
  query(sql: string, callback: (err: Error | null) => void): void;
}

export function createScannerKnex(config: ScannerDatabaseConfig, log: Logger): Knex {
  const warn = (message: unknown): void => log.debug({ knex: typeof message === 'string' ? message : describeError(message) }, 'scanner database: knex warning');
  return knexFactory({
    client: 'mysql2',
    connection: {
      host: config.host,
      port: config.port,
      user: config.user,
      password: config.password,
      database: config.database,
      charset: 'utf8mb4',
      connectTimeout: CONNECT_TIMEOUT_MS,
    },
    acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
    pool: {
      min: 0,
      max: SCANNER_POOL_MAX,
      afterCreate(conn: SqlConnection, done: (err: Error | null, conn: SqlConnection) => void) {
        conn.query('SET SESSION TRANSACTION READ ONLY', (err) => done(err, conn));
      },
    },
    log: { warn, error: warn, deprecate: warn, debug: () => {} },
  });
}

/** `mysql://user@host:port/database` for logs; never the password. */
export function describeScannerDb(config: ScannerDatabaseConfig): string {
  return `mysql://${config.user}@${config.host}:${config.port}/${config.database} (${config.type})`;
}
