/**
 * A worker thread that runs the SQLite page queries of a state reload (sqlite-pages.ts), so the intake thread
 * only parses each page's JSON text while the thread already reads the next one. better-sqlite3 is synchronous:
 * in the intake thread each page's query blocked matching for its whole run; here it runs beside it.
 *
 * The thread opens the database file read-only with its own connection (WAL lets it read beside the service's
 * writes; it sees what was committed when each query starts). It is started on the first page asked for and
 * stops itself after `idleMs` without work, so between reloads it holds no memory. When it cannot be had (an
 * in-memory database, the file cannot be opened, the thread died) every caller gets a rejection and reads in its
 * own thread instead: nothing depends on the thread being there.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';

/** What one page query answered: the page as JSON text, how many rows it holds and the uid of its last row. */
export interface ThreadPage {
  readonly text: string;
  readonly rows: number;
  readonly last: number | null;
}

interface Answer {
  readonly id: number;
  readonly text?: string;
  readonly rows?: number;
  readonly last?: number | null;
  readonly error?: string;
}

interface Waiting {
  resolve(page: ThreadPage): void;
  reject(err: Error): void;
}

/**
 * The thread's program. Plain CommonJS run with `eval`: a worker does not get the TypeScript loader the service
 * may run under, and this way the same code runs from the sources and from a build. Each query answers one row:
 * the page as JSON text, its row count and its last uid.
 */
const THREAD_PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const statements = new Map();
parentPort.on('message', ({ id, sql, bindings }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql).raw(true);
      statements.set(sql, statement);
    }
    const [text, rows, last] = statement.get(...bindings);
    parentPort.postMessage({ id, text, rows, last });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
`;

const IDLE_MS = 2_000;

export class SqlitePageThread {
  private worker: Worker | null = null;
  private broken: Error | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private idleTimer: NodeJS.Timeout | null = null;
  /** pages answered since the thread was made (tests and diagnostics) */
  served = 0;

  constructor(
    readonly filename: string,
    private readonly idleMs = IDLE_MS,
  ) {}

  /** Runs one page query (it must select the JSON text, the row count and the last uid, in that order). */
  page(sql: string, bindings: readonly unknown[]): Promise<ThreadPage> {
    if (this.broken) return Promise.reject(this.broken);
    const worker = this.worker ?? this.start();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const id = this.nextId++;
    return new Promise<ThreadPage>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, sql, bindings });
    });
  }

  /** Stops the thread now (pending queries are rejected); a later page starts it again. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.rejectAll(new Error('the SQLite page thread was stopped'));
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(THREAD_PROGRAM, { eval: true, workerData: { driver, filename: this.filename } });
    worker.unref();
    worker.on('message', (answer: Answer) => this.answered(answer));
    // events of a thread already replaced (stopped when idle, then started again) concern nobody
    worker.on('error', (err) => {
      if (this.worker === worker) this.fail(err);
    });
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.rejectAll(new Error('the SQLite page thread stopped'));
    });
    this.worker = worker;
    return worker;
  }

  private answered(answer: Answer): void {
    const waiting = this.waiting.get(answer.id);
    if (!waiting) return;
    this.waiting.delete(answer.id);
    if (answer.error !== undefined || typeof answer.text !== 'string') waiting.reject(new Error(answer.error ?? 'the page query answered no JSON text'));
    else {
      this.served++;
      waiting.resolve({ text: answer.text, rows: answer.rows ?? 0, last: answer.last ?? null });
    }
    if (this.waiting.size === 0) this.scheduleIdleStop();
  }

  private scheduleIdleStop(): void {
    this.idleTimer = setTimeout(() => void this.close(), this.idleMs);
    this.idleTimer.unref();
  }

  /** the thread could not start or died: it is not used again for this database */
  private fail(err: Error): void {
    this.broken = new Error(`the SQLite page thread failed: ${err.message}`);
    this.rejectAll(this.broken);
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
  }

  private rejectAll(err: Error): void {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of waiting) w.reject(err);
  }
}

const threads = new WeakMap<Knex, SqlitePageThread | null>();

function databaseFile(knex: Knex): string | null {
  const connection = knex.client.config.connection as { filename?: unknown } | undefined;
  const filename = connection?.filename;
  return typeof filename === 'string' && filename !== '' && filename !== ':memory:' && !filename.startsWith('file:') ? filename : null;
}

/** The page thread of a SQLite database kept in a file, or null (in memory). One per knex instance. */
export function pageThreadFor(knex: Knex): SqlitePageThread | null {
  let thread = threads.get(knex);
  if (thread === undefined) {
    const filename = databaseFile(knex);
    thread = filename ? new SqlitePageThread(filename) : null;
    threads.set(knex, thread);
  }
  return thread;
}
