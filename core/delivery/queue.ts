/**
 * The delivery queue (the default Dispatcher): messages to one destination go out strictly in order, one at a
 * time; destinations run in parallel up to their platform's concurrency; transient failures are retried with
 * backoff (or after the wait the platform asked for) while later messages to that destination wait behind.
 */
import { loggableTargetId } from './redact.ts';
import type { DeliveryJob, PlatformPlugin } from '../contract.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { resultOfOutcome, resultOfThrow, type AttemptResult } from './attempt-result.ts';
import { retryDelayMs, type BackoffPolicy } from './backoff.ts';
import type { Dispatcher } from './dispatcher.ts';
import { PlatformSlots } from './platform-slots.ts';
import { realTimers, type DeliveryTimers } from './timers.ts';

export interface DeliveryQueueOptions {
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly now?: () => number;
  /** attempts per message, the first included; default 5 */
  readonly maxAttempts?: number;
  /** wait after the first transient failure, doubling after each further one; default 1 s */
  readonly baseBackoffMs?: number;
  /** cap of the computed wait; default 30 s */
  readonly maxBackoffMs?: number;
  /** cap of a wait the platform asks for (429); default 60 s */
  readonly maxRetryAfterMs?: number;
  /** jitter source, [0, 1); default Math.random */
  readonly random?: () => number;
  /** what waits between attempts run on (tests) */
  readonly timers?: DeliveryTimers;
}

/** Outcome label values of `lookout_deliveries_total`, one per attempt or drop. */
type DeliveryLabel = 'sent' | 'retried' | 'failed' | 'permanent_failure' | 'expired';

const DEFAULT_CONCURRENCY = 10;

interface Entry {
  readonly job: DeliveryJob;
  failures: number;
}

/** One destination: its messages in order; it exists while it has messages. */
interface Lane {
  readonly key: string;
  readonly platform: PlatformPlugin;
  readonly entries: Entry[];
}

/** What to do with a lane's head after an attempt: it is finished, or it is retried after `waitMs`. */
type Step = { readonly done: true } | { readonly done: false; readonly waitMs: number };

const DONE: Step = { done: true };

export function createDeliveryQueue(options: DeliveryQueueOptions): Dispatcher {
  const { log, metrics } = options;
  const now = options.now ?? Date.now;
  const timers = options.timers ?? realTimers;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 5);
  const backoff: BackoffPolicy = {
    baseMs: options.baseBackoffMs ?? 1000,
    maxMs: options.maxBackoffMs ?? 30_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
    random: options.random ?? Math.random,
  };
  const lanes = new Map<string, Lane>();
  const slotsByPlatform = new Map<string, PlatformSlots<Lane>>();
  let unfinished = 0;
  let idleWaiters: (() => void)[] = [];

  const slotsOf = (platform: PlatformPlugin): PlatformSlots<Lane> => {
    let slots = slotsByPlatform.get(platform.name);
    if (!slots) {
      slots = new PlatformSlots<Lane>(platform.concurrency ?? DEFAULT_CONCURRENCY, runHead);
      slotsByPlatform.set(platform.name, slots);
    }
    return slots;
  };

  const count = (platform: PlatformPlugin, outcome: DeliveryLabel): void => {
    metrics.deliveries.inc({ platform: platform.name, outcome });
  };

  const finish = (platform: PlatformPlugin, outcome: DeliveryLabel): Step => {
    count(platform, outcome);
    metrics.deliveryQueueDepth.dec({ platform: platform.name });
    unfinished--;
    if (unfinished === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
    return DONE;
  };

  const isExpired = (job: DeliveryJob): boolean => job.expiresAt !== null && job.expiresAt <= now();

  const logFields = (platform: PlatformPlugin, entry: Entry) => ({
    eventId: entry.job.meta.eventId,
    target: loggableTargetId(entry.job.target.id),
    targetType: entry.job.target.type,
    targetName: entry.job.target.name,
    platform: platform.name,
  });

  const attempt = async (platform: PlatformPlugin, job: DeliveryJob): Promise<AttemptResult> => {
    try {
      return resultOfOutcome(await platform.deliver(job));
    } catch (err) {
      return resultOfThrow(err);
    }
  };

  /** one attempt at the head of a lane and what follows from it */
  const deliverHead = async (platform: PlatformPlugin, entry: Entry): Promise<Step> => {
    if (entry.failures > 0 && isExpired(entry.job)) {
      log.verbose({ ...logFields(platform, entry), attempts: entry.failures }, 'delivery dropped: the alert expired while waiting to be retried');
      return finish(platform, 'expired');
    }
    const result = await attempt(platform, entry.job);
    if (result.kind === 'sent') return finish(platform, 'sent');
    if (result.kind === 'permanent') {
      log.warn({ ...logFields(platform, entry), reason: result.reason }, 'delivery failed permanently; not retried');
      return finish(platform, 'permanent_failure');
    }
    entry.failures++;
    if (entry.failures >= maxAttempts) {
      log.warn({ ...logFields(platform, entry), reason: result.reason, attempts: entry.failures }, 'delivery failed; giving up after the last attempt');
      return finish(platform, 'failed');
    }
    if (isExpired(entry.job)) {
      log.verbose({ ...logFields(platform, entry), reason: result.reason, attempts: entry.failures }, 'delivery dropped: the alert expired; not retried');
      return finish(platform, 'expired');
    }
    const waitMs = retryDelayMs(entry.failures, backoff, result.retryAfterMs);
    log.debug({ ...logFields(platform, entry), reason: result.reason, attempts: entry.failures, waitMs }, 'delivery failed; will retry');
    count(platform, 'retried');
    return { done: false, waitMs };
  };

  /** holds the platform slot for one attempt; a retry waits without a slot and queues again */
  async function runHead(lane: Lane): Promise<void> {
    const entry = lane.entries[0];
    if (!entry) {
      lanes.delete(lane.key);
      return;
    }
    let step: Step;
    try {
      step = await deliverHead(lane.platform, entry);
    } catch (err) {
      log.error({ ...logFields(lane.platform, entry), err: describeError(err) }, 'delivery queue error; message dropped');
      step = finish(lane.platform, 'failed');
    }
    const slots = slotsOf(lane.platform);
    if (!step.done) {
      timers.setTimeout(() => slots.enqueue(lane), step.waitMs);
      return;
    }
    lane.entries.shift();
    if (lane.entries.length > 0) slots.enqueue(lane);
    else lanes.delete(lane.key);
  }

  return {
    dispatch(job, platform) {
      unfinished++;
      metrics.deliveryQueueDepth.inc({ platform: platform.name });
      const key = `${platform.name}\u0000${job.target.type}\u0000${job.target.id}`;
      const lane = lanes.get(key);
      if (lane) {
        lane.entries.push({ job, failures: 0 });
        return;
      }
      const fresh: Lane = { key, platform, entries: [{ job, failures: 0 }] };
      lanes.set(key, fresh);
      slotsOf(platform).enqueue(fresh);
    },
    drain() {
      if (unfinished === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
