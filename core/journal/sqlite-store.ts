/**
 * The journal's store for the embedded default: its own SQLite file beside the configured database (WAL,
 * `synchronous = NORMAL`: a commit survives the process being killed; a power cut may lose the last commits, never
 * the file). It is a file of its own so its churn never contends for the service database's write lock, and it is
 * locked exclusively, so a second service on the same files is refused at start instead of replaying our entries.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { LookoutError } from '../errors.ts';
import { doneRecord, recoveredEntries, type DoneRow, type EntryRow } from './rows.ts';
import type { JournalStore, WriteBatch } from './types.ts';

interface Statement {
  run(...bindings: unknown[]): unknown;
  all(...bindings: unknown[]): unknown[];
  get(...bindings: unknown[]): unknown;
}
interface Connection {
  pragma(source: string): unknown;
  exec(sql: string): void;
  prepare(sql: string): Statement;
  transaction<A extends unknown[]>(work: (...args: A) => void): (...args: A) => void;
  close(): void;
}
type ConnectionFactory = new (filename: string) => Connection;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS journal_entries (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS journal_done (
  seq INTEGER PRIMARY KEY,
  max_entry INTEGER NOT NULL,
  keys TEXT NOT NULL
);
`;

export function sqliteJournalStore(filename: string): JournalStore {
  let db: Connection | null = null;
  let commit: ((batch: WriteBatch) => void) | null = null;
  const description = `sqlite:${filename}`;

  return {
    description,
    async open() {
      if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
      const Database = createRequire(import.meta.url)('better-sqlite3') as ConnectionFactory;
      const conn = new Database(filename);
      try {
        conn.pragma('locking_mode = EXCLUSIVE');
        conn.pragma('journal_mode = WAL');
        conn.pragma('synchronous = NORMAL');
        conn.exec(SCHEMA);
      } catch (err) {
        conn.close();
        throw new LookoutError('UNAVAILABLE', `the journal ${filename} cannot be opened (is another service using it?)`, { file: filename }, { cause: err });
      }
      const insert = conn.prepare('INSERT INTO journal_entries (id, kind, received_at, body) VALUES (?, ?, ?, ?)');
      const done = conn.prepare('INSERT INTO journal_done (max_entry, keys) VALUES (?, ?)');
      const dropEntry = conn.prepare('DELETE FROM journal_entries WHERE id = ?');
      const prune = conn.prepare('DELETE FROM journal_done WHERE max_entry < ?');
      commit = conn.transaction((batch: WriteBatch) => {
        for (const e of batch.inserts) insert.run(e.id, e.kind, e.receivedAt, e.body);
        if (batch.done.length > 0) {
          const record = doneRecord(batch.done);
          done.run(record.maxEntry, record.text);
        }
        for (const id of batch.deletes) dropEntry.run(id);
        if (batch.pruneBelow !== null) prune.run(batch.pruneBelow);
      });
      db = conn;
      const rows = conn.prepare('SELECT id, kind, received_at, body FROM journal_entries ORDER BY id').all() as EntryRow[];
      const doneRows = conn.prepare('SELECT keys FROM journal_done').all() as DoneRow[];
      const max = conn.prepare('SELECT MAX(m) AS id FROM (SELECT MAX(id) AS m FROM journal_entries UNION ALL SELECT MAX(max_entry) FROM journal_done)').get() as { id: number | null };
      return { entries: recoveredEntries(rows, doneRows), maxId: Number(max.id ?? 0) };
    },
    async write(batch: WriteBatch) {
      if (!commit) throw new LookoutError('UNAVAILABLE', 'the journal is not open', { file: filename });
      commit(batch);
    },
    async close() {
      db?.close();
      db = null;
      commit = null;
    },
  };
}
