/**
 * The stores every other part of the service writes through. Each successful create/update/delete schedules
 * the debounced state rebuild, so a change reaches matching within about a second without anyone having to
 * remember to ask for it.
 */
import type { Knex } from 'knex';
import { HUMAN_OWNED_TABLES, HumanStore, KnexRuleStore, LocationStore, ProfileStore, TRACKING_TABLES } from '../db/index.ts';
import type { RuleStore } from '../model.ts';

const MUTATORS = new Set(['create', 'insert', 'update', 'delete', 'deleteByUid', 'deleteAll', 'changeSettings']);

export interface Stores {
  readonly humans: HumanStore;
  readonly profiles: ProfileStore;
  readonly locations: LocationStore;
  /** tracking rules of every tracking table */
  readonly rules: RuleStore;
  /** the tables `rules` may touch: the schema's tracking tables and every registered plugin's rule tables */
  readonly ruleTables: readonly string[];
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

/**
 * @param ruleTables the registered plugins' rule tables (`trackingTables`); with the schema's own tracking tables,
 * the tables `rules` may touch
 * @param humanTables the registered plugins' other tables of per-human rows (`humanTables`)
 * A human's rows go with the human from all of them and from the schema's own per-human tables (profiles…).
 */
export function createStores(knex: Knex, changed: () => void, ruleTables: readonly string[] = [], humanTables: readonly string[] = []): Stores {
  const rules = [...new Set<string>([...TRACKING_TABLES, ...ruleTables])];
  const owned = [...new Set<string>([...HUMAN_OWNED_TABLES, ...rules, ...humanTables])];
  return {
    humans: watchMutations(new HumanStore(knex, owned), changed),
    profiles: watchMutations(new ProfileStore(knex), changed),
    locations: watchMutations(new LocationStore(knex), changed),
    rules: watchMutations(new KnexRuleStore(knex, rules), changed),
    ruleTables: rules,
  };
}
