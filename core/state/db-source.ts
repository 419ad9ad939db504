/**
 * The production StateSource: humans, profiles, named locations and every registered tracking table, read
 * from the database in parallel.
 */
import type { Knex } from 'knex';
import { HumanStore, LocationStore, ProfileStore, readTable } from '../db/index.ts';
import type { StateSource } from './state.ts';

export function databaseStateSource(knex: Knex): StateSource {
  const humans = new HumanStore(knex);
  const profiles = new ProfileStore(knex);
  const locations = new LocationStore(knex);
  return {
    async load(tables) {
      const [h, p, l, rows] = await Promise.all([
        humans.loadAll(),
        profiles.loadAll(),
        locations.loadAll(),
        Promise.all(tables.map(async (table) => [table, await readTable(knex, table)] as const)),
      ]);
      return { humans: h, profiles: p, locations: l, tables: new Map(rows) };
    },
  };
}
