/**
 * The maintenance pause: while on, the delivery queue holds every delivery (webhooks are still taken, matched and
 * rendered; their messages wait in the queue, journaled as usual) and sends them in order when it ends; an alert
 * that went stale meanwhile is dropped (lookout_deliveries_dropped_total, reason stale; stale.ts), never sent late.
 * On from the start with [general] maintenance = true; switched at run time by POST /api/maintenance (not written
 * back: a restart starts as the config says). The gauge lookout_maintenance is 1 while paused.
 */
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';

/** What the pause acts on: the delivery queue. */
export interface Pausable {
  pause(): void;
  resume(): void;
  readonly paused: boolean;
  /** messages queued and not finished */
  readonly queued: number;
}

/** who switched the pause on last: the config at start, or the API */
export type MaintenanceSource = 'config' | 'api';

export interface MaintenanceState {
  readonly enabled: boolean;
  /** when the current pause began (ms since the epoch); null while deliveries flow */
  readonly since: number | null;
  readonly source: MaintenanceSource | null;
  /** messages in the delivery queue */
  readonly queued: number;
}

export class Maintenance {
  private since: number | null = null;
  private source: MaintenanceSource | null = null;

  constructor(
    private readonly queue: Pausable,
    private readonly metrics: Metrics,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {
    metrics.maintenance.set(0);
  }

  state(): MaintenanceState {
    return { enabled: this.queue.paused, since: this.since, source: this.source, queued: this.queue.queued };
  }

  /** switches the pause; switching it to what it is changes nothing */
  set(enabled: boolean, source: MaintenanceSource): MaintenanceState {
    if (enabled === this.queue.paused) return this.state();
    if (enabled) {
      this.queue.pause();
      this.since = this.now();
      this.source = source;
      this.log.warn({ source, queued: this.queue.queued }, 'maintenance: deliveries paused; webhooks are still taken and their alerts wait in the queue');
    } else {
      const pausedMs = this.since === null ? 0 : this.now() - this.since;
      this.queue.resume();
      this.log.warn({ source, queued: this.queue.queued, pausedSeconds: Math.round(pausedMs / 1000) }, 'maintenance over: held deliveries go out (expired alerts are dropped)');
      this.since = null;
      this.source = null;
    }
    this.metrics.maintenance.set(enabled ? 1 : 0);
    return this.state();
  }
}
