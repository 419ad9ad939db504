/**
 * The journal's store in the configured MySQL/MariaDB database: two tables of ours (`lookout_journal`, one row per
 * open entry, and `lookout_journal_done`, the finished-delivery keys of one commit per row, pruned once every entry
 * they name is finished), created when missing, written in one transaction per commit. Any knex database works (the tests also run it on SQLite); a SQLite installation uses its own file
 * (sqlite-store.ts) instead.
 */
import type { Knex } from 'knex';
import { doneRecord, recoveredEntries, type DoneRow, type EntryRow } from './rows.ts';
import type { JournalStore, WriteBatch } from './types.ts';

export const JOURNAL_TABLE = 'lookout_journal';
export const JOURNAL_DONE_TABLE = 'lookout_journal_done';

/** a commit that takes longer than this fails (and is retried), so a hung database never holds deliveries for long */
const WRITE_TIMEOUT_MS = 10_000;
/** rows per INSERT statement (MySQL's packet limit, SQLite's variable limit) */
const ROWS_PER_INSERT = 100;

async function createTables(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable(JOURNAL_TABLE))) {
    await knex.schema.createTable(JOURNAL_TABLE, (t) => {
      t.bigInteger('id').notNullable().primary();
      t.string('kind', 16).notNullable();
      t.bigInteger('received_at').notNullable();
      t.text('body', 'longtext').notNullable();
    });
  }
  if (!(await knex.schema.hasTable(JOURNAL_DONE_TABLE))) {
    await knex.schema.createTable(JOURNAL_DONE_TABLE, (t) => {
      t.bigIncrements('seq');
      t.bigInteger('max_entry').notNullable();
      t.text('keys', 'mediumtext').notNullable();
    });
  }
}

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) out.push(rows.slice(i, i + ROWS_PER_INSERT));
  return out;
}

export function knexJournalStore(knex: Knex, description: string): JournalStore {
  return {
    description,
    async open() {
      await createTables(knex);
      const rows = (await knex(JOURNAL_TABLE).select('id', 'kind', 'received_at', 'body').orderBy('id')) as EntryRow[];
      const done = (await knex(JOURNAL_DONE_TABLE).select('keys')) as DoneRow[];
      const maxEntry = (await knex(JOURNAL_TABLE).max({ id: 'id' }).first()) as { id: number | string | null } | undefined;
      const maxNamed = (await knex(JOURNAL_DONE_TABLE).max({ id: 'max_entry' }).first()) as { id: number | string | null } | undefined;
      return { entries: recoveredEntries(rows, done), maxId: Math.max(Number(maxEntry?.id ?? 0), Number(maxNamed?.id ?? 0)) };
    },
    async write(batch: WriteBatch) {
      await knex.transaction(async (trx) => {
        const entries = batch.inserts.map((e) => ({ id: e.id, kind: e.kind, received_at: e.receivedAt, body: e.body }));
        for (const rows of chunks(entries)) await trx(JOURNAL_TABLE).insert(rows).timeout(WRITE_TIMEOUT_MS);
        if (batch.done.length > 0) {
          const record = doneRecord(batch.done);
          await trx(JOURNAL_DONE_TABLE).insert({ max_entry: record.maxEntry, keys: record.text }).timeout(WRITE_TIMEOUT_MS);
        }
        for (const ids of chunks(batch.deletes)) await trx(JOURNAL_TABLE).whereIn('id', ids).delete().timeout(WRITE_TIMEOUT_MS);
        if (batch.pruneBelow !== null) await trx(JOURNAL_DONE_TABLE).where('max_entry', '<', batch.pruneBelow).delete().timeout(WRITE_TIMEOUT_MS);
      });
    },
    // the connection pool is the app's: closed with the database
    async close() {},
  };
}
