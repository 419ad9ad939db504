/**
 * Prepares the database at start, waiting out an outage: while the database cannot be reached it retries with a
 * doubling, capped wait (1 s, 2 s, 4 s … 30 s), logging each wait, until it answers or the stop signal comes. A
 * refused login or an unknown database is no outage: that stops the start with what to check, as does any other
 * error.
 */
import type { Knex } from 'knex';
import { describeError, LookoutError } from '../errors.ts';
import type { DbLog } from './log.ts';
import { prepareDatabase, type PrepareResult } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import type { PluginMigrationSource } from './plugin-migrations/types.ts';
import { databaseRefusal, isDatabaseUnreachable, refusalError } from './outage.ts';

export interface RetryOptions {
  /** the database as logs show it (no password), for messages */
  readonly database: string;
  /** aborting it ends the wait: the start is cancelled */
  readonly signal?: AbortSignal;
  /** the first wait; default 1 s */
  readonly firstDelayMs?: number;
  /** the longest wait; default 30 s */
  readonly maxDelayMs?: number;
  /** the registered plugins, whose own migrations the default `prepare` runs after the core's */
  readonly plugins?: readonly PluginMigrationSource[];
  /** what prepares the database (tests); default prepareDatabase */
  readonly prepare?: (knex: Knex, log: DbLog) => Promise<PrepareResult>;
}

export const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 30_000;

/** The waits before each retry: first, doubled each time, capped at max. */
export function retryDelay(attempt: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.min(attempt, 30));
}

/** The stop signal came while the start waited for the database. */
export class StartCancelledError extends LookoutError {
  constructor(database: string) {
    super('UNAVAILABLE', `start cancelled while waiting for the database ${database}`, { database });
    this.name = 'StartCancelledError';
  }
}

/** Resolves after `ms`, or rejects at once when `signal` aborts. */
function wait(ms: number, signal: AbortSignal | undefined, database: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new StartCancelledError(database));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new StartCancelledError(database));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** prepareDatabase, retried while the database is unreachable. */
export async function prepareWhenReachable(knex: Knex, log: DbLog, options: RetryOptions): Promise<PrepareResult> {
  const prepare = options.prepare ?? ((k: Knex, l: DbLog) => prepareDatabase(k, l, MIGRATIONS, options.plugins ?? []));
  const firstMs = options.firstDelayMs ?? FIRST_DELAY_MS;
  const maxMs = options.maxDelayMs ?? MAX_DELAY_MS;
  for (let attempt = 0; ; attempt++) {
    if (options.signal?.aborted) throw new StartCancelledError(options.database);
    try {
      const result = await prepare(knex, log);
      if (attempt > 0) log.info({ database: options.database, attempts: attempt + 1 }, 'database reachable again; start continues');
      return result;
    } catch (err) {
      const hint = databaseRefusal(err);
      if (hint !== null) throw refusalError(err, options.database, hint);
      if (!isDatabaseUnreachable(err)) throw err;
      const delayMs = retryDelay(attempt, firstMs, maxMs);
      const seconds = Math.round(delayMs / 100) / 10;
      log.warn({ database: options.database, reason: describeError(err), code: driverCode(err), attempt: attempt + 1, retryInSeconds: seconds }, `database unreachable, retrying in ${seconds} s`);
      await wait(delayMs, options.signal, options.database);
    }
  }
}

/** The driver's error code (ECONNREFUSED, PROTOCOL_CONNECTION_LOST, SQLITE_BUSY…), for the log. */
function driverCode(err: unknown): string | undefined {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}
