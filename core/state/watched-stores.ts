/**
 * The stores every other part of the service writes through. Each successful create/update/delete schedules
 * the debounced state rebuild, so a change reaches matching within about a second without anyone having to
 * remember to ask for it.
 */
import type { Knex } from 'knex';
import { HumanStore, LocationStore, ProfileStore } from '../db/index.ts';

const MUTATORS = new Set(['create', 'update', 'delete']);

export interface Stores {
  readonly humans: HumanStore;
  readonly profiles: ProfileStore;
  readonly locations: LocationStore;
}

/** Wraps a store so that its mutating methods call `changed()` once they succeed. */
export function watchMutations<T extends object>(store: T, changed: () => void): T {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string' || !MUTATORS.has(property)) return value;
      return async (...args: unknown[]) => {
        const result: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args);
        changed();
        return result;
      };
    },
  });
}

export function createStores(knex: Knex, changed: () => void): Stores {
  return {
    humans: watchMutations(new HumanStore(knex), changed),
    profiles: watchMutations(new ProfileStore(knex), changed),
    locations: watchMutations(new LocationStore(knex), changed),
  };
}
