/**
 * Which store the journal uses for the configured database: with SQLite its own file beside the database file
 * (`config/lookout.sqlite` → `config/lookout.journal.sqlite`; an in-memory database gets an in-memory journal),
 * with MySQL/MariaDB two tables in the database itself.
 */
import { basename, dirname, extname, join } from 'node:path';
import type { Knex } from 'knex';
import type { DbOptions } from '../db/connect.ts';
import { knexJournalStore } from './knex-store.ts';
import { sqliteJournalStore } from './sqlite-store.ts';
import type { JournalStore } from './types.ts';

/** the journal file of a SQLite database file, as a pure function */
export function journalFileFor(databaseFile: string): string {
  if (databaseFile === ':memory:' || databaseFile === '') return ':memory:';
  const name = basename(databaseFile, extname(databaseFile));
  return join(dirname(databaseFile), `${name}.journal.sqlite`);
}

export function journalStoreFor(options: DbOptions, knex: Knex): JournalStore {
  if (options.client === 'sqlite') return sqliteJournalStore(journalFileFor(options.filename));
  return knexJournalStore(knex, `mysql:${options.host}:${options.port}/${options.database}`);
}
