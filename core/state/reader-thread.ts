/**
 * A worker thread that reads tracking tables for state reloads (reader-worker.ts): the SQLite page queries or
 * mysql2's parsing of every row, the page JSON and the packing all happen beside the thread that matches
 * webhooks, which only receives each table's packed rows (the integer cells transferred, not copied). On a
 * two-core machine this takes about half of a reload's work off the matching thread.
 *
 * The thread has its own connection (WAL lets SQLite read beside the service's writes) and is started on the
 * first read, then kept (it holds the process open only while a read is under way). An in-memory SQLite database cannot be
 * shared, so it gets no thread. When the thread cannot start or dies, every read is refused and the caller reads
 * in its own thread instead: nothing depends on the thread being there.
 */
import { Worker } from 'node:worker_threads';
import type { Human } from '../contract.ts';
import type { DbOptions } from '../db/connect.ts';
import { LookoutError } from '../errors.ts';
import { isActive, NO_ROWS, type ActiveRows } from './active-rows.ts';
import { PackedRows } from './packed-rows.ts';
import type { ReadAnswer, ReaderWorkerData, ReadRequest } from './reader-worker.ts';

interface Waiting {
  readonly humans: ReadonlyMap<string, Human>;
  resolve(rows: ActiveRows): void;
  reject(err: Error): void;
}

/** Whether a database can be read from another thread (a SQLite database in memory cannot). */
export function readableFromThread(db: DbOptions): boolean {
  return db.client === 'mysql' || (db.filename !== '' && db.filename !== ':memory:');
}

/**
 * The worker, from this file's own kind of source: a built .js worker runs as is; from TypeScript sources the
 * thread first registers tsx's loader (a worker does not inherit the loader the service runs under).
 */
function startWorker(data: ReaderWorkerData): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(`./reader-worker.${fromSources ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSources) return new Worker(entry, { workerData: data });
  const loader = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { eval: true, workerData: data });
}

export class StateReaderThread {
  private worker: Worker | null = null;
  private broken: Error | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();

  constructor(private readonly db: DbOptions) {}

  /** The active rows of `table` for the given humans, read by the thread. Rejects when the thread cannot be had. */
  read(table: string, humans: ReadonlyMap<string, Human>): Promise<ActiveRows> {
    const worker = this.running();
    if (worker === null) return Promise.reject(this.broken!);
    const active: [string, number][] = [];
    for (const human of humans.values()) if (isActive(human)) active.push([human.id, human.currentProfileNo]);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { humans, resolve, reject });
      worker.ref();
      const request: ReadRequest = { id, table, active };
      worker.postMessage(request);
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.broken ??= new LookoutError('UNAVAILABLE', 'the state reader thread was stopped');
    this.failAll(this.broken);
    if (worker) await worker.terminate();
  }

  private running(): Worker | null {
    if (this.broken) return null;
    if (this.worker) return this.worker;
    try {
      const worker = startWorker({ db: { ...this.db, maxConnections: 1 } });
      worker.unref();
      worker.on('message', (answer: ReadAnswer) => this.answered(answer));
      worker.on('error', (err) => this.fail(err));
      worker.on('exit', (code) => this.fail(new LookoutError('UNAVAILABLE', `the state reader thread exited (${code})`)));
      this.worker = worker;
      return worker;
    } catch (err) {
      this.fail(err);
      return null;
    }
  }

  private answered(answer: ReadAnswer): void {
    const waiting = this.waiting.get(answer.id);
    if (!waiting) return;
    this.waiting.delete(answer.id);
    if (this.waiting.size === 0) this.worker?.unref();
    if (!answer.ok) {
      waiting.reject(new LookoutError('UNAVAILABLE', `the state reader thread could not read: ${answer.message}`));
      return;
    }
    if (answer.parts === null) {
      waiting.resolve(NO_ROWS);
      return;
    }
    // the rows share the humans' own id strings, as rows read in this thread do
    const ids = answer.parts.ids.map((id) => waiting.humans.get(id)?.id ?? id);
    waiting.resolve(PackedRows.fromParts(answer.parts, ids));
  }

  private fail(err: unknown): void {
    const reason = err instanceof Error ? err : new Error(String(err));
    this.broken ??= new LookoutError('UNAVAILABLE', `the state reader thread failed: ${reason.message}`, {}, { cause: reason });
    this.worker = null;
    this.failAll(this.broken);
  }

  private failAll(err: Error): void {
    for (const waiting of this.waiting.values()) waiting.reject(err);
    this.waiting.clear();
  }
}
