/**
 * Start-up step: the in-memory state (humans, rules and the plugins' indexes, reloaded from the database) and the
 * stores that write it back and schedule the reload; humans no platform serves are warned about.
 */
import type { Knex } from 'knex';
import type { Config } from '../config/index.ts';
import { warnUnservedHumans } from '../delivery/unserved-humans.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { PluginRegistry } from '../registry.ts';
import { databaseStateSource } from '../state/db-source.ts';
import { StateManager } from '../state/state.ts';
import { UNSERVED_LABEL } from '../metrics/labels.ts';
import { createStores, type Stores } from '../state/watched-stores.ts';

export interface StartedState {
  readonly state: StateManager;
  readonly stores: Stores;
}

export async function startState(db: Knex, registry: PluginRegistry, config: Config, log: Logger, metrics: Metrics): Promise<StartedState> {
  const state = new StateManager({
    source: databaseStateSource(db),
    tables: registry.trackingTables().map((t) => ({
      table: t.table,
      ...(t.read ? { read: t.read } : {}),
      indexed: registry.alertPlugins.some((p) => p.name === t.plugin && p.buildIndex !== undefined),
    })),
    indexers: registry.alertPlugins.filter((p) => p.buildIndex).map((p) => ({ plugin: p.name, build: (s) => p.buildIndex!(s) })),
    log,
    metrics,
    reloadIntervalMs: config.tuning.reload_interval_secs * 1000,
    // a type no platform serves is one label, whatever the database holds
    humanTypeLabel: (type) => (registry.platformForTarget(type) !== undefined ? type : UNSERVED_LABEL),
  });
  await state.start();
  warnUnservedHumans(state.current.humans.values(), (type) => registry.platformForTarget(type) !== undefined, log);
  const stores = createStores(db, () => state.requestReload(), registry.trackingTables().map((t) => t.table), registry.humanTables());
  return { state, stores };
}
