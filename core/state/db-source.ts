/**
 * The production StateSource: humans, profiles and named locations read one after another with the event loop
 * turning in between (SQLite reads synchronously: reading the three at once stopped matching for ~180 ms at
 * 20,000 humans), tracking tables read in pages (read-table.ts) so a large table never sits in memory as raw
 * rows. With a reader thread (reader-thread.ts) the tables are read there; when the thread cannot read, the
 * tables are read here, and the first such failure is logged.
 */
import { setImmediate as turn } from 'node:timers/promises';
import type { Knex } from 'knex';
import { HumanStore, LocationStore, ProfileStore, readTableValuePages } from '../db/index.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import { activeIdOf, collectActiveRows } from './collect-rows.ts';
import type { StateReaderThread } from './reader-thread.ts';
import type { StateSource } from './state.ts';

export function databaseStateSource(knex: Knex, thread: StateReaderThread | null = null, log?: Logger): StateSource {
  const humans = new HumanStore(knex);
  const profiles = new ProfileStore(knex);
  const locations = new LocationStore(knex);
  let warned = false;
  const readRows: StateSource['readRows'] = (table, onPage) => readTableValuePages(knex, table, onPage);
  return {
    async loadPeople() {
      const h = await humans.loadAll();
      await turn();
      const p = await profiles.loadAll();
      await turn();
      return { humans: h, profiles: p, locations: await locations.loadAll() };
    },
    readRows,
    async readActiveRows(table, people) {
      if (thread !== null) {
        try {
          return await thread.read(table, people);
        } catch (err) {
          if (!warned) log?.warn({ table, err: describeError(err) }, 'state reader thread unavailable; reading tables in the service thread');
          warned = true;
        }
      }
      return collectActiveRows((onPage) => readRows(table, onPage), activeIdOf(people));
    },
  };
}
