/**
 * Start-up step: "why didn't I get this alert?" — the history of recent events ([explain]) the pipeline records
 * into, the watch that tells it what the delivery queue made of each alert, its metrics, and the explainer the
 * API route and the `why` command ask.
 */
import type { DeliveryJob } from '../contract.ts';
import type { DeliveryWatch } from '../delivery/queue-report.ts';
import { EventHistory, type AlertOutcome } from '../explain/event-history.ts';
import { Explainer } from '../explain/explainer.ts';
import { registerHistoryMetrics } from '../explain/history-metrics.ts';
import type { GeofenceStore } from '../geo/index.ts';
import { ruleDescriber } from '../commands/rule-lookups.ts';
import type { CoreServices } from '../contract.ts';
import type { Stores } from '../state/watched-stores.ts';
import { isSwitchedOff, switchReader } from '../switches.ts';
import type { StartedCore } from './basics.ts';
import type { Replies } from './replies.ts';

export interface ExplainSetup extends StartedCore {
  readonly stores: Stores;
  readonly geofences: GeofenceStore;
  readonly services: Pick<CoreServices, 'gameData'>;
  readonly replies: Replies;
  readonly now?: () => number;
}

export interface WiredExplain {
  readonly history: EventHistory;
  /** null while nothing is kept ([explain] events_per_type 0): deliveries pay nothing */
  readonly watch: DeliveryWatch | null;
  readonly explainer: Explainer;
}

export function wireExplain(s: ExplainSetup): WiredExplain {
  const { config, registry, metrics } = s;
  const now = s.now ?? Date.now;
  const history = new EventHistory({ perType: config.explain.events_per_type, maxAgeMs: config.explain.max_age_minutes * 60_000, now });
  registerHistoryMetrics(metrics.registry, history);
  const pluginOf = new Map(registry.alertPlugins.flatMap((p) => p.alertTypes.map((type) => [type, p.name] as const)));
  const record = (job: DeliveryJob, outcome: AlertOutcome): void => {
    const plugin = pluginOf.get(job.alertType);
    if (plugin) history.outcome(plugin, job.meta.eventId, job.target.id, outcome);
  };
  const watch: DeliveryWatch | null = history.enabled
    ? {
        delivered: (job, platform, latencyMs, edited) => record(job, { kind: 'delivered', at: now(), latencyMs, platform, ...(edited ? { edited } : {}) }),
        dropped: (job, platform, reason) => record(job, { kind: 'dropped', at: now(), reason, platform }),
      }
    : null;
  const isOn = switchReader(config);
  const explainer = new Explainer({
    registry,
    history,
    snapshot: () => s.state.current,
    humans: s.stores.humans,
    rules: s.stores.rules,
    switchedOff: (plugin) => isSwitchedOff(plugin, isOn),
    strictLocations: config.area_security.enabled && config.area_security.strict_locations,
    fencesAt: (latitude, longitude) => s.geofences.current.index.query(latitude, longitude),
    describe: ruleDescriber(registry, () => s.services.gameData(), s.replies.tables),
    defaultLanguage: config.general.locale,
    nearMetres: config.explain.near_metres,
    maxAgeMinutes: config.explain.max_age_minutes,
  });
  return { history, watch, explainer };
}
