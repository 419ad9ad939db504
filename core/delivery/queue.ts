/**
 * The delivery queue (the default Dispatcher): messages to one destination go out strictly in order, one at a
 * time; destinations run in parallel up to their platform's concurrency; at most `capacity` accepted alerts
 * are unfinished at once (dispatch waits for room); alert limits are checked when a message is about to be
 * sent; transient failures are retried with backoff (or after the wait the platform asked for) while later
 * messages to that destination wait behind. Nothing accepted disappears silently: every drop is counted in
 * `lookout_deliveries_dropped_total{platform,reason}` and logged with its eventId.
 */
import type { DeliveryJob, DeliveryOutcome, PlatformPlugin } from '../contract.ts';
import type { DeliveryReceipt } from '../journal/types.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { Admission } from './admission.ts';
import { resultOfOutcome, resultOfThrow, type AttemptResult } from './attempt-result.ts';
import type { BackoffPolicy } from './backoff.ts';
import type { Dispatcher } from './dispatcher.ts';
import { limitNoticeText, noticeJob, shameReportText, stopNoticeText, type LimitHit, type NoticeTranslate } from './limit-notices.ts';
import type { AlertLimiter } from './limits.ts';
import { Entry, Lane, UNRECORDED_PER_DESTINATION } from './lane.ts';
import { PlatformSlots } from './platform-slots.ts';
import { transientStep } from './transient-step.ts';
import type { ShameDestination } from './shame-channel.ts';
import { loggableTargetId } from './redact.ts';
import { realTimers, type DeliveryTimers, type TimerHandle } from './timers.ts';

export type DeliveryTarget = DeliveryJob['target'];

/** The alert limits as the queue applies them. */
export interface QueueLimits {
  readonly limiter: AlertLimiter;
  /** a stop is an admin disable ([alert_limits] disable_on_stop): changes what the target is told */
  readonly adminDisable: boolean;
  /** where a target stopped on `platform` is reported, with the platform serving it; null = not reported */
  shame(stopped: DeliveryTarget, platform: PlatformPlugin): ShameDestination | null;
  /** stops a target that hit its limit max_limits_before_stop times (the app writes the database) */
  onStop(target: DeliveryTarget, hit: LimitHit): void | Promise<void>;
  /** the notices in a recipient's language (null = the default locale); none = English */
  translator?(language: string | null): NoticeTranslate;
}

export interface DeliveryQueueOptions {
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly now?: () => number;
  /** accepted alerts unfinished at once before dispatch waits ([tuning] matched_max_queue_size); default 5000 */
  readonly capacity?: number;
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
  /** what waits between attempts and the shutdown grace period run on (tests) */
  readonly timers?: DeliveryTimers;
  /** alert limits; none = unlimited */
  readonly limits?: QueueLimits;
  /** a platform accepted a message (fails reset, clean-up scheduling); errors are logged */
  readonly onDelivered?: (job: DeliveryJob, outcome: DeliveredOutcome, platform: PlatformPlugin) => void | Promise<void>;
  /** a platform refused a message for good (fails counting); errors are logged */
  readonly onPermanentFailure?: (job: DeliveryJob, platform: PlatformPlugin) => void | Promise<void>;
}

export type DeliveredOutcome = Extract<DeliveryOutcome, { ok: true }>;

export interface DeliveryQueue extends Dispatcher {
  close(graceMs: number): Promise<void>;
  /** journaled messages the stop left undelivered (they go out after the next start) */
  readonly carriedOver: number;
}

/** Outcome label values of `lookout_deliveries_total`, one per attempt or drop after an attempt. */
type DeliveryLabel = 'sent' | 'retried' | 'rate_limited' | 'failed' | 'permanent_failure' | 'expired';

/** Reason label values of `lookout_deliveries_dropped_total`. */
export type DropReason = 'limit' | 'expired' | 'failed' | 'permanent' | 'shutdown' | 'error' | 'unserved';

const DEFAULT_CONCURRENCY = 10;
const DEFAULT_CAPACITY = 5000;
const RESOLVED: Promise<void> = Promise.resolve();

/** What to do with a lane's head after an attempt: it is finished, or it is retried after `waitMs`. */
type Step = { readonly done: true } | { readonly done: false; readonly waitMs: number };

const DONE: Step = { done: true };

type LogLevel = 'verbose' | 'info' | 'warn' | 'error';

export function createDeliveryQueue(options: DeliveryQueueOptions): DeliveryQueue {
  const { log, metrics, limits } = options;
  const now = options.now ?? Date.now;
  const timers = options.timers ?? realTimers;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 5);
  const backoff: BackoffPolicy = {
    baseMs: options.baseBackoffMs ?? 1000,
    maxMs: options.maxBackoffMs ?? 30_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
    random: options.random ?? Math.random,
  };
  const admission = new Admission(options.capacity ?? DEFAULT_CAPACITY);
  const lanes = new Map<string, Lane>();
  const slotsByPlatform = new Map<string, PlatformSlots<Lane>>();
  let unfinished = 0;
  let idleWaiters: (() => void)[] = [];
  let abandoned = false;
  /** journaled entries the stop left unfinished: the journal hands them to the next start */
  let carriedOver = 0;

  const slotsOf = (platform: PlatformPlugin): PlatformSlots<Lane> => {
    let slots = slotsByPlatform.get(platform.name);
    if (!slots) {
      slots = new PlatformSlots<Lane>(platform.concurrency ?? DEFAULT_CONCURRENCY, runHead);
      slotsByPlatform.set(platform.name, slots);
    }
    return slots;
  };

  const targetFields = (platform: PlatformPlugin, job: DeliveryJob) => ({
    eventId: job.meta.eventId,
    target: loggableTargetId(job.target.id),
    targetType: job.target.type,
    targetName: job.target.name,
    platform: platform.name,
  });

  const count = (platform: PlatformPlugin, outcome: DeliveryLabel): void => {
    metrics.deliveries.inc({ platform: platform.name, outcome });
  };

  /** runs an app callback; its failure is logged and never reaches the lane */
  const callbackFailed = (what: string, platform: PlatformPlugin, job: DeliveryJob, err: unknown): void =>
    log.error({ ...targetFields(platform, job), err: describeError(err) }, `delivery callback ${what} failed`);
  const notify = (what: string, platform: PlatformPlugin, job: DeliveryJob, call: () => void | Promise<void>): void => {
    let pending: void | Promise<void>;
    try {
      pending = call();
    } catch (err) {
      callbackFailed(what, platform, job, err);
      return;
    }
    if (pending) pending.catch((err: unknown) => callbackFailed(what, platform, job, err));
  };

  /** an entry leaves the queue: its place goes to the next waiting producer */
  const leave = (platform: PlatformPlugin, entry: Entry): void => {
    metrics.deliveryQueueDepth.dec({ platform: platform.name });
    if (!entry.internal) admission.release();
    unfinished--;
    if (unfinished === 0 && admission.waiters === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  };

  /** an entry is finished (sent or dropped): the journal records it (before anyone can see the queue idle) */
  const complete = (platform: PlatformPlugin, entry: Entry): Step => {
    if (entry.receipt) {
      // counted first: the receipt may be told at once (the entry was never stored)
      entry.lane.unrecorded++;
      entry.receipt.settle(entry.lane);
    }
    leave(platform, entry);
    return DONE;
  };

  /** the service stops before the entry is finished: a journaled one waits for the next start, others are dropped */
  const carryOverOrDrop = (platform: PlatformPlugin, entry: Entry, message: string, extra: Record<string, unknown> = {}): 'carried' | 'dropped' => {
    if (entry.receipt) {
      leave(platform, entry);
      return 'carried';
    }
    drop(platform, entry, 'shutdown', 'warn', message, extra);
    return 'dropped';
  };

  const drop = (platform: PlatformPlugin, entry: Entry, reason: DropReason, level: LogLevel, message: string, extra: Record<string, unknown> = {}): Step => {
    metrics.deliveriesDropped.inc({ platform: platform.name, reason });
    log[level]({ ...targetFields(platform, entry.job), dropReason: reason, ...extra }, message);
    return complete(platform, entry);
  };

  /** adds an entry to its destination's lane (at the back, or right behind the head) */
  const enqueue = (job: DeliveryJob, platform: PlatformPlugin, internal: boolean, receipt?: DeliveryReceipt, behindHead = false): void => {
    unfinished++;
    metrics.deliveryQueueDepth.inc({ platform: platform.name });
    const key = `${platform.name}\u0000${job.target.type}\u0000${job.target.id}`;
    const lane = lanes.get(key);
    if (lane) {
      const entry = new Entry(job, lane, internal, receipt);
      if (behindHead) lane.entries.splice(1, 0, entry);
      else lane.entries.push(entry);
      // a lane kept only for its unrecorded deliveries is idle: this message wakes it
      if (lane.entries.length === 1 && !lane.busy && !lane.retry) resume(lane);
      return;
    }
    const fresh = new Lane(key, platform, recorded);
    fresh.entries.push(new Entry(job, fresh, internal, receipt));
    lanes.set(key, fresh);
    resume(fresh);
  };

  /** a dispatch the queue could not take any more (it is stopping): a journaled one is left for the next start */
  const refuse = (job: DeliveryJob, platform: PlatformPlugin, receipt: DeliveryReceipt | undefined): void => {
    if (receipt) {
      carriedOver++;
      log.info({ ...targetFields(platform, job) }, 'delivery left in the journal for the next start: the service is stopping');
      return;
    }
    metrics.deliveriesDropped.inc({ platform: platform.name, reason: 'shutdown' });
    log.warn({ ...targetFields(platform, job), dropReason: 'shutdown' }, 'delivery dropped: the service is stopping');
  };

  const sendInternal = (job: DeliveryJob, platform: PlatformPlugin, behindHead: boolean): void => {
    if (abandoned) refuse(job, platform, undefined);
    else enqueue(job, platform, true, undefined, behindHead);
  };

  const isExpired = (job: DeliveryJob): boolean => job.expiresAt !== null && job.expiresAt <= now();

  /** the head was refused by the limits: tell the target once per period, stop it after too many hits */
  const limited = (lane: Lane, entry: Entry, hit: LimitHit & { readonly notify: boolean; readonly stop: boolean }, active: QueueLimits): Step => {
    const { job } = entry;
    const fields = { limit: hit.limit, periodSeconds: hit.periodSeconds, hits: hit.hits };
    if (hit.stop) {
      log.warn({ ...targetFields(lane.platform, job), ...fields, adminDisable: active.adminDisable }, 'alert limit hit too often; stopping the target');
      notify('onStop', lane.platform, job, () => active.onStop(job.target, hit));
      const text = stopNoticeText(hit, active.adminDisable, lane.platform.commandPrefix, active.translator?.(job.target.language));
      sendInternal(noticeJob(job, job.target, text, lane.platform.templatePlatform), lane.platform, true);
      const shame = active.shame(job.target, lane.platform);
      if (shame) {
        const { target, platform } = shame;
        sendInternal(noticeJob(job, target, shameReportText(job.target, hit, active.adminDisable, active.translator?.(target.language)), platform.templatePlatform), platform, false);
      }
    } else if (hit.notify) {
      log.info({ ...targetFields(lane.platform, job), ...fields }, 'alert limit hit; the target is told');
      sendInternal(noticeJob(job, job.target, limitNoticeText(hit, active.translator?.(job.target.language)), lane.platform.templatePlatform), lane.platform, true);
    }
    return drop(lane.platform, entry, 'limit', 'verbose', 'delivery dropped: the target is over its alert limit', fields);
  };

  const attempt = async (platform: PlatformPlugin, job: DeliveryJob): Promise<AttemptResult> => {
    try {
      return resultOfOutcome(await platform.deliver(job));
    } catch (err) {
      return resultOfThrow(err);
    }
  };

  const delivered = (platform: PlatformPlugin, entry: Entry, messageIds: readonly string[]): Step => {
    count(platform, 'sent');
    if (!entry.internal) metrics.deliveryLatencySeconds.observe({ platform: platform.name }, Math.max(0, now() - entry.job.meta.receivedAt) / 1000);
    const { onDelivered } = options;
    if (onDelivered) notify('onDelivered', platform, entry.job, () => onDelivered(entry.job, messageIds.length > 0 ? { ok: true, messageIds } : { ok: true }, platform));
    return complete(platform, entry);
  };

  /** one attempt at the head of a lane and what follows from it */
  const deliverHead = async (lane: Lane, entry: Entry): Promise<Step> => {
    const { platform } = lane;
    const retried = entry.failures > 0 || entry.rateLimited > 0;
    if ((retried || entry.job.meta.recovered) && isExpired(entry.job)) {
      count(platform, 'expired');
      const why = retried ? 'delivery dropped: the alert expired while waiting to be retried' : 'delivery dropped: the alert expired before the service was back';
      return drop(platform, entry, 'expired', 'verbose', why, { attempts: entry.failures, rateLimited: entry.rateLimited });
    }
    if (limits && !entry.internal && !retried) {
      const verdict = limits.limiter.check(entry.job.target);
      if (!verdict.allowed) return limited(lane, entry, verdict, limits);
    }
    const result = await attempt(platform, entry.job);
    if (result.kind === 'sent') return delivered(platform, entry, result.messageIds);
    if (result.kind === 'permanent') {
      count(platform, 'permanent_failure');
      const { onPermanentFailure } = options;
      if (onPermanentFailure) notify('onPermanentFailure', platform, entry.job, () => onPermanentFailure(entry.job, platform));
      return drop(platform, entry, 'permanent', 'warn', 'delivery failed permanently; not retried', { reason: result.reason });
    }
    const step = transientStep(result.retryAfterMs, entry, entry.job.expiresAt, now(), { maxAttempts, backoff });
    entry.failures = step.failures;
    entry.rateLimited = step.rateLimited;
    count(platform, step.outcome);
    const fields = { reason: result.reason, attempts: step.failures, rateLimited: step.rateLimited };
    if (step.kind === 'drop') return drop(platform, entry, step.reason, step.reason === 'failed' ? 'warn' : 'verbose', step.message, fields);
    log.debug({ ...targetFields(platform, entry.job), ...fields, waitMs: step.waitMs }, step.message);
    return { done: false, waitMs: step.waitMs };
  };

  const forget = (lane: Lane): void => {
    if (lanes.get(lane.key) === lane) lanes.delete(lane.key);
  };

  /** holds the platform slot for one attempt; a retry waits without a slot and queues again */
  async function runHead(lane: Lane): Promise<void> {
    const entry = lane.entries[0];
    if (!entry) {
      forget(lane);
      return;
    }
    let step: Step;
    lane.busy = true;
    try {
      step = await deliverHead(lane, entry);
    } catch (err) {
      step = drop(lane.platform, entry, 'error', 'error', 'delivery queue error; message dropped', { err: describeError(err) });
    }
    lane.busy = false;
    if (!step.done) {
      if (!abandoned) {
        const { waitMs } = step;
        lane.retry = timers.setTimeout(() => {
          lane.retry = null;
          slotsOf(lane.platform).enqueue(lane);
        }, waitMs);
        return;
      }
      if (carryOverOrDrop(lane.platform, entry, 'delivery dropped: the service stopped before the retry', { attempts: entry.failures }) === 'carried') carriedOver++;
    }
    advance(lane);
  }

  /** the head is finished: the destination's next message gets in line for a slot */
  function advance(lane: Lane): void {
    lane.entries.shift();
    resume(lane);
  }

  /**
   * a lane with messages gets in line for a slot, unless too many of its finished deliveries are unrecorded; a lane
   * without messages is forgotten once the journal holds all it finished (until then a new message must wait too)
   */
  function resume(lane: Lane): void {
    if (lane.entries.length === 0) {
      if (lane.unrecorded === 0) forget(lane);
      return;
    }
    if (lane.unrecorded >= UNRECORDED_PER_DESTINATION) {
      lane.blocked = true;
      return;
    }
    slotsOf(lane.platform).enqueue(lane);
  }

  /** the journal holds the outcome of one finished delivery of this lane: a waiting or emptied lane goes on */
  function recorded(lane: Lane): void {
    // a lane with messages that is not blocked is in line for a slot, being attempted or waiting to retry
    if (lane.entries.length > 0 && !lane.blocked) return;
    lane.blocked = false;
    resume(lane);
  }

  const idle = (): boolean => unfinished === 0 && admission.waiters === 0;

  const drain = (): Promise<void> => (idle() ? RESOLVED : new Promise<void>((resolve) => idleWaiters.push(resolve)));

  /** the grace period is over: everything not being attempted right now is left to the journal, or dropped */
  const abandon = (): void => {
    abandoned = true;
    admission.close();
    let dropped = 0;
    for (const lane of [...lanes.values()]) {
      lane.retry?.cancel();
      lane.retry = null;
      const left = lane.entries.splice(lane.busy ? 1 : 0);
      for (const entry of left) {
        if (carryOverOrDrop(lane.platform, entry, 'delivery dropped: the service stopped before it was sent') === 'carried') carriedOver++;
        else dropped++;
      }
      if (!lane.busy) forget(lane);
    }
    log.warn({ dropped, carriedOver, inFlight: unfinished }, 'delivery grace period over; journaled messages are carried over to the next start, the others dropped');
  };

  return {
    dispatch(job, platform, receipt) {
      if (abandoned) {
        refuse(job, platform, receipt);
        return RESOLVED;
      }
      if (admission.tryAcquire()) {
        enqueue(job, platform, false, receipt);
        return RESOLVED;
      }
      return new Promise<void>((resolve) => {
        admission.wait((admitted) => {
          if (admitted) enqueue(job, platform, false, receipt);
          else refuse(job, platform, receipt);
          resolve();
        });
      });
    },
    get carriedOver() {
      return carriedOver;
    },
    drain,
    async close(graceMs) {
      if (idle()) {
        abandoned = true;
        admission.close();
        return;
      }
      let timer: TimerHandle | null = null;
      const graceOver = new Promise<boolean>((resolve) => {
        timer = timers.setTimeout(() => resolve(true), graceMs);
      });
      const late = await Promise.race([drain().then(() => false), graceOver]);
      (timer as TimerHandle | null)?.cancel();
      if (late) abandon();
      else {
        abandoned = true;
        admission.close();
      }
    },
  };
}
