/**
 * Start-up step: the database (waited for while unreachable, prepared) and the journal in it when enabled. A failure
 * closes what was opened and stops the services started before it, then propagates.
 */
import { resolve } from 'node:path';
import type { Knex } from 'knex';
import type { Config } from '../config/index.ts';
import { createDb, describeDb, prepareWhenReachable, type DbOptions } from '../db/index.ts';
import { openJournal } from '../journal/journal.ts';
import { journalStoreFor } from '../journal/store-for.ts';
import type { Journal } from '../journal/types.ts';
import type { PluginRegistry } from '../registry.ts';
import type { StartBasics } from './basics.ts';

export interface Storage {
  readonly db: Knex;
  /** null when [journal] is disabled */
  readonly journal: Journal | null;
}

export interface StorageSetup extends StartBasics {
  /** aborted by a stop signal: a start still waiting for the database gives up (StartCancelledError) */
  readonly stopSignal: AbortSignal | undefined;
  /** stops what the start began before the database (called when opening fails) */
  readonly stopServices: () => Promise<void>;
  /** the registered plugins, whose own migrations run after the core's */
  readonly registry: PluginRegistry;
}

function dbOptionsFrom(config: Config, rootDir: string): DbOptions {
  const d = config.database;
  return {
    client: d.client,
    filename: resolve(rootDir, d.filename),
    host: d.host,
    port: d.port,
    user: d.user,
    password: d.password,
    database: d.database,
    maxConnections: config.tuning.max_database_connections,
  };
}

export async function openStorage(s: StorageSetup): Promise<Storage> {
  const { config, log } = s;
  const dbOptions = dbOptionsFrom(config, s.rootDir);
  log.info({ database: describeDb(dbOptions) }, 'opening database');
  const db = createDb(dbOptions, log);
  const giveUp = async (err: unknown): Promise<never> => {
    await db.destroy();
    await s.stopServices();
    throw err;
  };
  await prepareWhenReachable(db, log, { database: describeDb(dbOptions), signal: s.stopSignal, plugins: s.registry.alertPlugins }).catch(giveUp);
  const journal = config.journal.enabled
    ? await openJournal({ store: journalStoreFor(dbOptions, db), log: log.child({ part: 'journal' }), metrics: s.metrics }).catch(giveUp)
    : null;
  return { db, journal };
}
