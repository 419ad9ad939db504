/**
 * The delivery core as the app wires it: the queue with its backpressure, the [alert_limits] and the maintenance
 * pause, the fails bookkeeping of targets, and the `clean` deletions with their file, started after the platforms
 * and stopped (drained, then flushed) before them.
 */
import type { DeliveryWatch } from './queue-report.ts';
import type { AlertLimitsConfig } from '../config/index.ts';
import type { DeliveryJob, PlatformPlugin } from '../contract.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { cleanFileStore, type CleanStore } from './clean-file.ts';
import { CleanScheduler } from './clean-scheduler.ts';
import { deletionFor } from './clean-types.ts';
import { FollowUps } from './follow-ups.ts';
import { sentFileStore, type SentStore } from './sent-file.ts';
import { SentMessages } from './sent-messages.ts';
import { createAlertLimiter, limitSettingsFrom } from './limits.ts';
import type { QueueLimits } from './head-attempt.ts';
import { createDeliveryQueue, type DeliveryQueue } from './queue.ts';
import type { NoticeTranslate } from './limit-notices.ts';
import { resolveShameChannel, type ShameLookups } from './shame-channel.ts';
import { createTargetHealth, type HumanWriter } from './target-health.ts';
import type { DeliveryTimers } from './timers.ts';
import { Maintenance } from './maintenance.ts';

export interface DeliveryServiceOptions {
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly rootDir: string;
  readonly limits: AlertLimitsConfig;
  /** [tuning] matched_max_queue_size */
  readonly capacity: number;
  /** [general] alert_minimum_time in ms: an alert with less left when it reaches the head of its lane is dropped as stale */
  readonly minimumTimeLeftMs?: number;
  readonly platforms: readonly PlatformPlugin[];
  /** the platform serving a humans.type */
  readonly platformForTarget: (targetType: string) => PlatformPlugin | undefined;
  /** the humans.type of a registered human (current snapshot); locates [alert_limits] shame_channel (see shame-channel.ts) */
  readonly registeredType: (id: string) => string | undefined;
  readonly humans: HumanWriter;
  /** a target's `fails` in the current state snapshot */
  readonly failsInSnapshot: (id: string) => number | undefined;
  /** longest wait for the queue to empty on stop; default 30 s */
  readonly stopGraceMs?: number;
  readonly now?: () => number;
  readonly timers?: DeliveryTimers;
  /** replaces the clean-up file (tests) */
  readonly cleanStore?: CleanStore;
  /** [tuning] sent_message_memory: sent messages remembered for edits in place and reply chains; 0 = none (both off) */
  readonly sentMemory?: number;
  /** [tracking] reply_chains */
  readonly replyChains?: boolean;
  /** told what became of each alert (the explain history) */
  readonly watch?: DeliveryWatch;
  /** replaces the sent-message memory's file (tests) */
  readonly sentStore?: SentStore;
  /** the limit notices in a recipient's language (null = default locale); none = English */
  readonly translator?: (language: string | null) => NoticeTranslate;
  /** [general] maintenance: deliveries are held from the start */
  readonly maintenance?: boolean;
}

export interface DeliveryService {
  readonly dispatcher: DeliveryQueue;
  readonly clean: CleanScheduler;
  /** the maintenance pause of the queue */
  readonly maintenance: Maintenance;
  /** the sent-message memory (null when [tuning] sent_message_memory is 0) */
  readonly sent: SentMessages | null;
  /** restores the pending deletions and the sent-message memory; call once the platforms are started */
  start(): Promise<void>;
  /** delivers what is queued (up to the grace period), then saves the pending deletions and finishes the writes to humans */
  stop(): Promise<void>;
}

const DEFAULT_STOP_GRACE_MS = 30_000;

/** [alert_limits] shame_channel as the queue asks for it: resolved per report, since humans and their types change. */
function shameChannelOf(o: DeliveryServiceOptions): QueueLimits['shame'] {
  const id = o.limits.shame_channel.trim();
  const none = (): null => null;
  if (!id) return none;
  const lookups: ShameLookups = { platforms: o.platforms, platformForTarget: o.platformForTarget, registeredType: o.registeredType };
  if (!resolveShameChannel(id, lookups)) o.log.warn({ shameChannel: id }, 'no platform serves the shame channel; stopped targets are not reported');
  return (stopped, platform) => {
    const found = resolveShameChannel(id, lookups, platform);
    if (!found) o.log.warn({ shameChannel: id, stoppedType: stopped.type }, 'no platform serves the shame channel; the stop is not reported');
    return found;
  };
}

export function createDeliveryService(o: DeliveryServiceOptions): DeliveryService {
  const now = o.now ?? Date.now;
  const health = createTargetHealth({ humans: o.humans, failsInSnapshot: o.failsInSnapshot, log: o.log, adminDisableOnStop: o.limits.disable_on_stop });
  const byName = new Map(o.platforms.map((p) => [p.name, p]));
  const clean = new CleanScheduler({
    log: o.log,
    metrics: o.metrics,
    store: o.cleanStore ?? cleanFileStore(o.rootDir, o.log),
    platformNamed: (name) => byName.get(name),
    now,
    timers: o.timers,
  });
  const sentMemory = o.sentMemory ?? 0;
  const sent = sentMemory > 0
    ? new SentMessages({ log: o.log, metrics: o.metrics, store: o.sentStore ?? sentFileStore(o.rootDir, o.log), capacity: sentMemory, now, timers: o.timers })
    : null;
  const followUps = sent
    ? new FollowUps({
        sent,
        replyChains: o.replyChains ?? false,
        metrics: o.metrics,
        log: o.log,
        onEdited(job, messageIds, platform) {
          clean.reschedule(platform.name, job.target, messageIds, deletionFor(job, messageIds, platform));
        },
      })
    : undefined;
  const limits: QueueLimits = {
    limiter: createAlertLimiter(limitSettingsFrom(o.limits), now),
    adminDisable: o.limits.disable_on_stop,
    shame: shameChannelOf(o),
    onStop: (target, hit) => health.limitStop(target, hit),
    ...(o.translator ? { translator: o.translator } : {}),
  };
  const dispatcher = createDeliveryQueue({
    log: o.log,
    metrics: o.metrics,
    now,
    timers: o.timers,
    capacity: o.capacity,
    minimumTimeLeftMs: o.minimumTimeLeftMs,
    limits,
    onDelivered(job: DeliveryJob, outcome, platform) {
      const deletion = deletionFor(job, outcome.messageIds, platform);
      if (deletion) clean.schedule(deletion);
      return health.delivered(job);
    },
    onPermanentFailure: (job) => health.permanentFailure(job),
    ...(followUps ? { followUps } : {}),
    ...(o.watch ? { watch: o.watch } : {}),
  });
  const maintenance = new Maintenance(dispatcher, o.metrics, o.log, now);
  if (o.maintenance === true) maintenance.set(true, 'config');
  return {
    dispatcher,
    clean,
    maintenance,
    sent,
    async start() {
      await Promise.all([clean.start(), sent?.start()]);
    },
    async stop() {
      await dispatcher.close(o.stopGraceMs ?? DEFAULT_STOP_GRACE_MS);
      await Promise.all([clean.stop(), sent?.stop(), health.settled()]);
    },
  };
}
