/**
 * The production StateSource: humans, profiles and named locations read one after another with the event loop
 * turning in between (SQLite reads synchronously: reading the three at once stopped matching for ~180 ms at
 * 20,000 humans), tracking tables read in pages (read-table.ts) so a large table never sits in memory as raw
 * rows.
 */
import { setImmediate as turn } from 'node:timers/promises';
import type { Knex } from 'knex';
import { HumanStore, LocationStore, ProfileStore, readTableValuePages } from '../db/index.ts';
import type { StateSource } from './state.ts';

export function databaseStateSource(knex: Knex): StateSource {
  const humans = new HumanStore(knex);
  const profiles = new ProfileStore(knex);
  const locations = new LocationStore(knex);
  return {
    async loadPeople() {
      const h = await humans.loadAll();
      await turn();
      const p = await profiles.loadAll();
      await turn();
      return { humans: h, profiles: p, locations: await locations.loadAll() };
    },
    readRows: (table, onPage) => readTableValuePages(knex, table, onPage),
  };
}
