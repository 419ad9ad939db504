/**
 * What the delivery queue tells the outside: its metrics (`lookout_deliveries_total`, the drops), the log lines naming
 * a delivery's destination, and the app's callbacks, whose failures are logged and never reach a lane.
 */
import type { DeliveryJob, PlatformPlugin } from '../contract.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { loggableTargetId } from './redact.ts';

/**
 * Outcome label values of `lookout_deliveries_total`, one per attempt (`stale`: it failed and the alert is too late
 * for another; see stale.ts).
 */
export type DeliveryLabel = 'sent' | 'edited' | 'retried' | 'rate_limited' | 'failed' | 'permanent_failure' | 'stale';

/**
 * Reason label values of `lookout_deliveries_dropped_total`. `stale`: the alert would have reached its user after its
 * event ended, or with less than `[general] alert_minimum_time` left (stale.ts), however it came to be late (a
 * backlog, retries, rate limits, a maintenance pause, a restart: the log line says which).
 */
export type DropReason = 'limit' | 'stale' | 'failed' | 'permanent' | 'shutdown' | 'error' | 'unserved';

export type LogLevel = 'verbose' | 'info' | 'warn' | 'error';

/**
 * Told what became of each alert the queue finished (not of its own messages): the explain history keeps it per
 * event and recipient (core/explain). Called synchronously; must not throw.
 */
export interface DeliveryWatch {
  delivered(job: DeliveryJob, platform: string, latencyMs: number, edited: boolean): void;
  dropped(job: DeliveryJob, platform: string, reason: DropReason): void;
}

export class QueueReport {
  constructor(
    readonly log: Logger,
    readonly metrics: Metrics,
    private readonly watch?: DeliveryWatch,
  ) {}

  /** an alert reached its recipient (sent, or its earlier message edited) */
  deliveredAlert(platform: PlatformPlugin, job: DeliveryJob, latencyMs: number, edited: boolean): void {
    this.watch?.delivered(job, platform.name, latencyMs, edited);
  }

  /** the log fields naming a delivery and its destination */
  fields(platform: PlatformPlugin, job: DeliveryJob) {
    return {
      eventId: job.meta.eventId,
      target: loggableTargetId(job.target.id),
      targetType: job.target.type,
      targetName: job.target.name,
      platform: platform.name,
    };
  }

  count(platform: PlatformPlugin, outcome: DeliveryLabel): void {
    this.metrics.deliveries.inc({ platform: platform.name, outcome });
  }

  /** a delivery went out with parts in a lesser form (the platform's reasons, e.g. `image_upload`) */
  degraded(platform: PlatformPlugin, reasons: readonly string[]): void {
    for (const reason of reasons) this.metrics.deliveriesDegraded.inc({ platform: platform.name, reason });
  }

  /** a delivery is dropped: counted by reason and logged */
  dropped(platform: PlatformPlugin, job: DeliveryJob, reason: DropReason, level: LogLevel, message: string, extra: Record<string, unknown>): void {
    this.metrics.deliveriesDropped.inc({ platform: platform.name, reason });
    this.watch?.dropped(job, platform.name, reason);
    this.log[level]({ ...this.fields(platform, job), dropReason: reason, ...extra }, message);
  }

  /** runs an app callback; its failure is logged and never reaches the lane */
  notify(what: string, platform: PlatformPlugin, job: DeliveryJob, call: () => void | Promise<void>): void {
    let pending: void | Promise<void>;
    try {
      pending = call();
    } catch (err) {
      this.callbackFailed(what, platform, job, err);
      return;
    }
    if (pending) pending.catch((err: unknown) => this.callbackFailed(what, platform, job, err));
  }

  private callbackFailed(what: string, platform: PlatformPlugin, job: DeliveryJob, err: unknown): void {
    this.log.error({ ...this.fields(platform, job), err: describeError(err) }, `delivery callback ${what} failed`);
  }
}
