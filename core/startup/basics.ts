/**
 * What the start-up steps share: the config, the root folder, the log and the metrics from the beginning, the plugin
 * registry and the state once they exist.
 */
import type { Config } from '../config/index.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { PluginRegistry } from '../registry.ts';
import type { StateManager } from '../state/state.ts';

export interface StartBasics {
  readonly config: Config;
  readonly rootDir: string;
  readonly log: Logger;
  readonly metrics: Metrics;
}

/** the basics once the plugins are registered and the state is loaded */
export interface StartedCore extends StartBasics {
  readonly registry: PluginRegistry;
  readonly state: StateManager;
}
