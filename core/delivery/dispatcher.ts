/**
 * Hands rendered messages to the platform that serves the target type. The pipeline only sees this
 * interface; the delivery queue (ordering, concurrency, limits) implements it.
 */
import type { DeliveryJob, PlatformPlugin } from '../contract.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';

export interface Dispatcher {
  dispatch(job: DeliveryJob, platform: PlatformPlugin): void;
  /** resolves when everything dispatched so far has been delivered or has failed */
  drain(): Promise<void>;
}

/** Delivers each job straight away; failures are logged and counted, never thrown. */
export function createDirectDispatcher(log: Logger, metrics: Metrics): Dispatcher {
  const pending = new Set<Promise<void>>();
  const send = async (job: DeliveryJob, platform: PlatformPlugin): Promise<void> => {
    try {
      const outcome = await platform.deliver(job);
      metrics.deliveries.inc({ platform: platform.name, outcome: outcome.ok ? 'sent' : outcome.permanent ? 'permanent_failure' : 'failed' });
      if (!outcome.ok) log.warn({ eventId: job.meta.eventId, target: job.target.id, platform: platform.name, reason: outcome.reason, permanent: outcome.permanent }, 'delivery failed');
    } catch (err) {
      metrics.deliveries.inc({ platform: platform.name, outcome: 'failed' });
      log.warn({ eventId: job.meta.eventId, target: job.target.id, platform: platform.name, err: describeError(err) }, 'delivery threw');
    }
  };
  return {
    dispatch(job, platform) {
      const p = send(job, platform).finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
