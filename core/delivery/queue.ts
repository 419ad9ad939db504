/**
 * The delivery queue (the default Dispatcher): messages to one destination go out strictly in order, one at a
 * time; destinations run in parallel up to their platform's concurrency; at most `capacity` accepted alerts
 * are unfinished at once (dispatch waits for room); alert limits are checked when a message is about to be
 * sent; an alert that is stale when it reaches the head (its event ended, or less than the minimum time is left:
 * stale.ts) is dropped, never sent late; transient failures are retried with backoff (or after the wait the platform
 * asked for) while later messages to that destination wait behind; a maintenance pause holds every attempt (messages
 * are still taken) until it ends. Nothing accepted disappears silently: every drop is counted in
 * `lookout_deliveries_dropped_total{platform,reason}` and logged with its eventId.
 */
import type { DeliveryJob, PlatformPlugin } from '../contract.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Dispatcher } from './dispatcher.ts';
import type { FollowUps } from './follow-ups.ts';
import { HeadAttempts, type DeliveredOutcome, type QueueLimits } from './head-attempt.ts';
import { LaneScheduler } from './lane-scheduler.ts';
import { QueueBacklog } from './queue-backlog.ts';
import { closeQueue } from './queue-close.ts';
import { QueueReport, type DeliveryWatch } from './queue-report.ts';
import { realTimers, type DeliveryTimers } from './timers.ts';

export interface DeliveryQueueOptions {
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly now?: () => number;
  /**
   * an alert with less than this left (ms) when it reaches the head of its lane is dropped as stale ([general]
   * alert_minimum_time; stale.ts); default 0: only one whose event has ended
   */
  readonly minimumTimeLeftMs?: number;
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
  /** edits in place and reply chains for jobs with an `editKey` (follow-ups.ts); none = sent as they are */
  readonly followUps?: FollowUps;
  /** told what became of each alert (the explain history) */
  readonly watch?: DeliveryWatch;
}

export interface DeliveryQueue extends Dispatcher {
  /** stops the queue: waits up to `graceMs` for what is queued (no wait while paused), then carries over or drops the rest */
  close(graceMs: number): Promise<void>;
  /** holds every delivery (maintenance): messages are still taken and queued, none is attempted until `resume` */
  pause(): void;
  resume(): void;
  readonly paused: boolean;
  /** messages queued and not finished */
  readonly queued: number;
  /** journaled messages the stop left undelivered (they go out after the next start) */
  readonly carriedOver: number;
}

const DEFAULT_CAPACITY = 5000;
const RESOLVED: Promise<void> = Promise.resolve();

/** The queue from its parts: the backlog admits and finishes entries, the scheduler runs lanes, the attempts decide. */
export function createDeliveryQueue(options: DeliveryQueueOptions): DeliveryQueue {
  const timers = options.timers ?? realTimers;
  const report = new QueueReport(options.log, options.metrics, options.watch);
  const capacity = options.capacity ?? DEFAULT_CAPACITY;
  const backlog = new QueueBacklog(capacity, report);
  options.metrics.queueCapacity.set({ queue: 'delivery' }, capacity);
  const policy = {
    now: options.now ?? Date.now,
    minimumTimeLeftMs: Math.max(0, options.minimumTimeLeftMs ?? 0),
    maxAttempts: Math.max(1, options.maxAttempts ?? 5),
    backoff: {
      baseMs: options.baseBackoffMs ?? 1000,
      maxMs: options.maxBackoffMs ?? 30_000,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
      random: options.random ?? Math.random,
    },
    limits: options.limits,
    onDelivered: options.onDelivered,
    onPermanentFailure: options.onPermanentFailure,
    followUps: options.followUps,
  };
  const lanes = new LaneScheduler(backlog, timers, (sender) => new HeadAttempts(policy, backlog, report, sender));

  return {
    dispatch(job, platform, receipt) {
      if (backlog.stopped) {
        backlog.refuse(job, platform, receipt);
        return RESOLVED;
      }
      if (backlog.tryAdmit()) {
        lanes.add(job, platform, false, receipt);
        return RESOLVED;
      }
      return new Promise<void>((resolve) => {
        backlog.waitForAdmission((admitted) => {
          if (admitted) lanes.add(job, platform, false, receipt);
          else backlog.refuse(job, platform, receipt);
          resolve();
        });
      });
    },
    get carriedOver() {
      return backlog.carriedOver;
    },
    get paused() {
      return lanes.paused;
    },
    get queued() {
      return backlog.inFlight;
    },
    pause: () => lanes.pause(),
    resume: () => lanes.unpause(),
    drain: () => backlog.drain(),
    // nothing is sent while paused: waiting for the queue to empty would only delay the stop
    close: (graceMs) => closeQueue(backlog, lanes, timers, options.log, lanes.paused ? 0 : graceMs),
  };
}
