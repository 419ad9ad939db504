/**
 * What a successful state reload tells /metrics: registrations by type and state (`lookout_humans`), active rules
 * by tracking table (`lookout_rules`), and when the reload finished, how long it took and how many rules it holds
 * (`lookout_state_last_reload_*`). The gauges are replaced as a whole, so a type or table gone since is not left behind.
 */
import type { Metrics } from '../metrics/metrics.ts';
import type { Human } from '../model.ts';

/** A registration's state as `lookout_humans` labels it. */
export type HumanState = 'enabled' | 'stopped' | 'disabled';

/** disabled by an admin (or the alert limits), stopped by the user's `stop`, enabled otherwise */
export function humanState(human: Human): HumanState {
  if (human.adminDisable) return 'disabled';
  return human.enabled ? 'enabled' : 'stopped';
}

export interface ReloadFigures {
  readonly humans: Iterable<Human>;
  /** a human type as its label (the app: itself when a platform serves it, else `unserved`); none: as it is */
  readonly typeLabel?: (type: string) => string;
  /** active rules by tracking table, every loaded table included (0 when it has none) */
  readonly rules: ReadonlyMap<string, number>;
  readonly seconds: number;
  /** unix ms the reload finished */
  readonly finishedAt: number;
}

export type ReloadMetrics = Pick<Metrics, 'humans' | 'rules' | 'stateLastReloadTimestamp' | 'stateLastReloadSeconds' | 'stateLastReloadRules'>;

export function recordReload(metrics: ReloadMetrics, figures: ReloadFigures): void {
  const counts = new Map<string, number>();
  const label = figures.typeLabel ?? ((type: string) => type);
  for (const human of figures.humans) {
    const key = `${label(human.type)}\u0000${humanState(human)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  metrics.humans.reset();
  for (const [key, count] of counts) {
    const [type, state] = key.split('\u0000') as [string, string];
    metrics.humans.set({ type, state }, count);
  }
  metrics.rules.reset();
  let total = 0;
  for (const [table, count] of figures.rules) {
    metrics.rules.set({ table }, count);
    total += count;
  }
  metrics.stateLastReloadTimestamp.set(figures.finishedAt / 1000);
  metrics.stateLastReloadSeconds.set(figures.seconds);
  metrics.stateLastReloadRules.set(total);
}
