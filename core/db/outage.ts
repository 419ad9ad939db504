/**
 * Tells a database outage from other database errors, by the error's type and code (never its text): the one
 * place that knows which driver codes mean "the database cannot be reached or does not answer now" (retry later,
 * HTTP 503) and which mean "the database refuses this login or database" (configuration: stop the start).
 */
import knexFactory from 'knex';
import { LookoutError, describeError, isLookoutError } from '../errors.ts';

/** Socket and DNS errors of a connection (node's `code`, as mysql2 passes them on). */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** mysql2's own codes for a connection that died or stopped answering. */
const MYSQL_CLIENT_CODES: ReadonlySet<string> = new Set(['PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT']);

/** Server error numbers (mysql2's `errno`) that mean the server is going away, full or not answering in time. */
const MYSQL_SERVER_OUTAGE: ReadonlySet<number> = new Set([
  1040, // ER_CON_COUNT_ERROR: too many connections
  1053, // ER_SERVER_SHUTDOWN: shutdown in progress
  1203, // ER_TOO_MANY_USER_CONNECTIONS
  1205, // ER_LOCK_WAIT_TIMEOUT: a lock held elsewhere beyond innodb_lock_wait_timeout
  1927, // ER_CONNECTION_KILLED (MariaDB): the server killed the connection
  4031, // ER_CLIENT_INTERACTION_TIMEOUT (MySQL 8): the server closed an idle connection
]);

/** Server error numbers that refuse the configured login or database, with what to check. */
const MYSQL_REFUSALS: ReadonlyMap<number, string> = new Map([
  [1044, 'the user may not use that database; check [database] user and database'], // ER_DBACCESS_DENIED_ERROR
  [1045, 'check [database] user and password'], // ER_ACCESS_DENIED_ERROR
  [1049, 'the database does not exist; create it or check [database] database'], // ER_BAD_DB_ERROR
  [1130, 'the server does not let this host connect as that user; check the user\'s host in the server'], // ER_HOST_NOT_PRIVILEGED
]);

/**
 * SQLite result codes (better-sqlite3's `code`, extended codes included) for a file locked beyond the busy timeout
 * or a disk that fails. SQLITE_CANTOPEN is left out: a file that cannot be opened is a path or permission to fix.
 */
const SQLITE_OUTAGE_FAMILIES: readonly string[] = ['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_IOERR'];

interface DriverFields {
  readonly code?: unknown;
  readonly errno?: unknown;
  readonly cause?: unknown;
  readonly errors?: unknown;
}

/** The error and what it wraps (`cause`, an AggregateError's `errors`), a few levels deep. */
function* chain(err: unknown, depth = 0): Generator<unknown> {
  if (depth > 4 || err === null || err === undefined) return;
  yield err;
  if (typeof err !== 'object') return;
  const fields = err as DriverFields;
  yield* chain(fields.cause, depth + 1);
  if (Array.isArray(fields.errors)) for (const inner of fields.errors) yield* chain(inner, depth + 1);
}

function sqliteOutage(code: string): boolean {
  return SQLITE_OUTAGE_FAMILIES.some((family) => code === family || code.startsWith(`${family}_`));
}

function oneIsOutage(err: unknown): boolean {
  if (isLookoutError(err)) return err.code === 'DB_UNREACHABLE';
  if (err instanceof knexFactory.KnexTimeoutError) return true; // pool acquire (or query) timeout
  if (typeof err !== 'object' || err === null) return false;
  const { code, errno } = err as DriverFields;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || MYSQL_CLIENT_CODES.has(code) || sqliteOutage(code))) return true;
  return typeof errno === 'number' && MYSQL_SERVER_OUTAGE.has(errno);
}

/** True when the error (or one it wraps) says the database is unreachable or not answering: retry later. */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (const one of chain(err)) if (oneIsOutage(one)) return true;
  return false;
}

/** What to check when the server refused the configured login or database; null when it is no such refusal. */
export function databaseRefusal(err: unknown): string | null {
  for (const one of chain(err)) {
    const errno = typeof one === 'object' && one !== null ? (one as DriverFields).errno : undefined;
    const hint = typeof errno === 'number' ? MYSQL_REFUSALS.get(errno) : undefined;
    if (hint !== undefined) return hint;
  }
  return null;
}

/** The outage as the service's typed error (DB_UNREACHABLE, kind `unavailable`), the driver's error as its cause. */
export function unreachableError(err: unknown): LookoutError {
  if (isLookoutError(err) && err.code === 'DB_UNREACHABLE') return err;
  return new LookoutError('DB_UNREACHABLE', 'the database is unreachable; try again later', { reason: describeError(err) }, { cause: err });
}

/** A refusal as a configuration error that names what to check. */
export function refusalError(err: unknown, database: string, hint: string): LookoutError {
  return new LookoutError('CONFIG_INVALID', `database ${database} refused the connection: ${describeError(err)} (${hint})`, { database }, { cause: err });
}
