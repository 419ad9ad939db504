/**
 * The production StateSource: humans, profiles and named locations read in parallel, tracking tables read in
 * pages (read-table.ts) so a large table never sits in memory as raw rows.
 */
import type { Knex } from 'knex';
import { HumanStore, LocationStore, ProfileStore, readTablePages } from '../db/index.ts';
import type { StateSource } from './state.ts';

export function databaseStateSource(knex: Knex): StateSource {
  const humans = new HumanStore(knex);
  const profiles = new ProfileStore(knex);
  const locations = new LocationStore(knex);
  return {
    async loadPeople() {
      const [h, p, l] = await Promise.all([humans.loadAll(), profiles.loadAll(), locations.loadAll()]);
      return { humans: h, profiles: p, locations: l };
    },
    readRows: (table, onPage) => readTablePages(knex, table, onPage),
  };
}
