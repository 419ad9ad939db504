/**
 * One attempt at the head of a delivery lane and what follows from it: a stale alert (its event ended, or less than
 * the minimum time is left: stale.ts) is dropped before any attempt, first ones included — except that one not yet
 * ended may still edit in place the message its recipient already has; the alert limits are checked when a message is
 * about to be sent (a refused one tells or stops its target), the platform is asked to deliver, and its answer
 * finishes the message, drops it, or names the wait before it is retried.
 */
import type { DeliveryJob, DeliveryOutcome, PlatformPlugin } from '../contract.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { timeExternal } from '../metrics/external-call.ts';
import { callOutcomeOf, resultOfOutcome, resultOfThrow, type AttemptResult } from './attempt-result.ts';
import type { BackoffPolicy } from './backoff.ts';
import { EDIT_IN_PLACE, type EditResult, type FollowUps } from './follow-ups.ts';
import type { Entry, Lane } from './lane.ts';
import type { HeadDelivery, InternalSender } from './lane-scheduler.ts';
import { limitNoticeText, noticeJob, shameReportText, stopNoticeText, type LimitHit, type NoticeTranslate } from './limit-notices.ts';
import type { AlertLimiter } from './limits.ts';
import type { QueueBacklog, Step } from './queue-backlog.ts';
import type { QueueReport } from './queue-report.ts';
import type { ShameDestination } from './shame-channel.ts';
import { sendBy, staleness, type Staleness } from './stale.ts';
import { transientStep } from './transient-step.ts';

export type DeliveryTarget = DeliveryJob['target'];

export type DeliveredOutcome = Extract<DeliveryOutcome, { ok: true }>;

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

/** How attempts are made and what their outcomes are told to. */
export interface AttemptPolicy {
  readonly now: () => number;
  /** an alert with less than this left (ms) when it reaches the head is stale ([general] alert_minimum_time; stale.ts) */
  readonly minimumTimeLeftMs: number;
  /** attempts per message, the first included */
  readonly maxAttempts: number;
  readonly backoff: BackoffPolicy;
  /** alert limits; none = unlimited */
  readonly limits: QueueLimits | undefined;
  readonly onDelivered: ((job: DeliveryJob, outcome: DeliveredOutcome, platform: PlatformPlugin) => void | Promise<void>) | undefined;
  readonly onPermanentFailure: ((job: DeliveryJob, platform: PlatformPlugin) => void | Promise<void>) | undefined;
  /** edits in place and reply chains (jobs with an `editKey`); none = every job is sent as it is */
  readonly followUps?: FollowUps | undefined;
}

/** one call to the platform, timed as a call to it (lookout_external_call_seconds{service=<platform name>}) */
async function attempt(platform: PlatformPlugin, job: DeliveryJob, metrics: Metrics): Promise<AttemptResult> {
  try {
    return resultOfOutcome(await timeExternal(metrics, platform.name, () => platform.deliver(job), callOutcomeOf));
  } catch (err) {
    return resultOfThrow(err);
  }
}

/** What kept a stale entry from going out in time, for its log line. */
function delayOf(entry: Entry): 'maintenance' | 'restart' | 'retries' | 'queue' {
  if (entry.held) return 'maintenance';
  if (entry.job.meta.recovered) return 'restart';
  if (entry.failures > 0 || entry.rateLimited > 0) return 'retries';
  return 'queue';
}

export class HeadAttempts implements HeadDelivery {
  constructor(
    private readonly policy: AttemptPolicy,
    private readonly backlog: QueueBacklog,
    private readonly report: QueueReport,
    private readonly sender: InternalSender,
  ) {}

  async deliver(lane: Lane, entry: Entry): Promise<Step> {
    const { platform } = lane;
    const { policy, report } = this;
    const retried = entry.failures > 0 || entry.rateLimited > 0;
    const now = policy.now();
    const late = staleness(entry.job, now, policy.minimumTimeLeftMs);
    if (late === 'ended') return this.stale(platform, entry, now, late);
    const followUps = entry.job.editKey ? policy.followUps : undefined;
    // an edit in place replaces a message already counted: it is not checked against the alert limits
    // only an `edit` rule's job waits for an edit: the others (reply chains, change replies) go on without a hop
    const edit: EditResult = followUps && (entry.job.clean & EDIT_IN_PLACE) !== 0 ? await followUps.tryEdit(entry.job, platform) : 'not-asked';
    if (edit === 'edited') {
      report.count(platform, 'edited');
      if (!entry.internal) report.deliveredAlert(platform, entry.job, Math.max(0, policy.now() - entry.job.meta.receivedAt), true);
      return this.backlog.finish(platform, entry);
    }
    // too close to its end for a new message (an edit in place, above, was still worth it)
    if (late !== null) return this.stale(platform, entry, now, late);
    const { limits } = policy;
    if (limits && !entry.internal && !retried && entry.job.ownLimit !== true) {
      const verdict = limits.limiter.check(entry.job.target);
      if (!verdict.allowed) return this.limited(lane, entry, verdict, limits);
    }
    const job = followUps ? followUps.toSend(entry.job, platform) : entry.job;
    const result = await attempt(platform, job, report.metrics);
    if (result.kind === 'sent') {
      if (result.degraded) report.degraded(platform, result.degraded);
      followUps?.delivered(job, platform, result.messageIds, edit);
      return this.delivered(platform, entry, result.messageIds);
    }
    if (result.kind === 'permanent') {
      report.count(platform, 'permanent_failure');
      const { onPermanentFailure } = policy;
      if (onPermanentFailure) report.notify('onPermanentFailure', platform, entry.job, () => onPermanentFailure(entry.job, platform));
      return this.backlog.drop(platform, entry, 'permanent', 'warn', 'delivery failed permanently; not retried', { reason: result.reason });
    }
    return this.transient(platform, entry, result.reason, result.retryAfterMs);
  }

  private delivered(platform: PlatformPlugin, entry: Entry, messageIds: readonly string[]): Step {
    const { policy, report } = this;
    report.count(platform, 'sent');
    if (!entry.internal) {
      const latencyMs = Math.max(0, policy.now() - entry.job.meta.receivedAt);
      report.metrics.deliveryLatencySeconds.observe({ platform: platform.name, alert_type: entry.job.alertType }, latencyMs / 1000);
      report.metrics.alertsDelivered.inc({ alert_type: entry.job.alertType, platform: platform.name });
      report.deliveredAlert(platform, entry.job, latencyMs, false);
      // one line per alert delivered ([logging] level verbose, the default): what went where, with which template (null: the default), how long after the webhook
      if (report.log.isLevelEnabled('verbose')) report.log.verbose({ ...report.fields(platform, entry.job), alertType: entry.job.alertType, templateId: entry.job.templateId ?? null, latencyMs }, 'alert delivered');
    }
    const { onDelivered } = policy;
    if (onDelivered) report.notify('onDelivered', platform, entry.job, () => onDelivered(entry.job, messageIds.length > 0 ? { ok: true, messageIds } : { ok: true }, platform));
    return this.backlog.finish(platform, entry);
  }

  /** the alert would reach its user too late: dropped unsent, with how late it is and what kept it */
  private stale(platform: PlatformPlugin, entry: Entry, now: number, late: Exclude<Staleness, null>): Step {
    const { job } = entry;
    const fields = {
      alertType: job.alertType,
      // negative: the event ended that long ago
      timeLeftMs: job.expiresAt === null ? null : job.expiresAt - now,
      lateMs: now - (sendBy(job, this.policy.minimumTimeLeftMs) ?? now),
      sinceWebhookMs: now - job.meta.receivedAt,
      delayedBy: delayOf(entry),
      attempts: entry.failures,
      rateLimited: entry.rateLimited,
    };
    const message = late === 'ended' ? 'delivery dropped: the alert is stale, its event has ended' : 'delivery dropped: the alert is stale, its event ends in less than alert_minimum_time';
    return this.backlog.drop(platform, entry, 'stale', 'verbose', message, fields);
  }

  /** a failure worth retrying: retried after a wait, or dropped once the attempts run out or the alert is stale */
  private transient(platform: PlatformPlugin, entry: Entry, reason: string, retryAfterMs: number | undefined): Step {
    const { policy, report } = this;
    const step = transientStep(retryAfterMs, entry, sendBy(entry.job, policy.minimumTimeLeftMs), policy.now(), policy);
    entry.failures = step.failures;
    entry.rateLimited = step.rateLimited;
    report.count(platform, step.outcome);
    const fields = { reason, attempts: step.failures, rateLimited: step.rateLimited };
    if (step.kind === 'drop') return this.backlog.drop(platform, entry, step.reason, step.reason === 'failed' ? 'warn' : 'verbose', step.message, fields);
    report.log.debug({ ...report.fields(platform, entry.job), ...fields, waitMs: step.waitMs }, step.message);
    return { done: false, waitMs: step.waitMs };
  }

  /** the head was refused by the limits: tell the target once per period, stop it after too many hits */
  private limited(lane: Lane, entry: Entry, hit: LimitHit & { readonly notify: boolean; readonly stop: boolean }, active: QueueLimits): Step {
    const { job } = entry;
    const { report, sender } = this;
    const fields = { limit: hit.limit, periodSeconds: hit.periodSeconds, hits: hit.hits };
    if (hit.stop) {
      report.log.warn({ ...report.fields(lane.platform, job), ...fields, adminDisable: active.adminDisable }, 'alert limit hit too often; stopping the target');
      report.notify('onStop', lane.platform, job, () => active.onStop(job.target, hit));
      const text = stopNoticeText(hit, active.adminDisable, lane.platform.commandPrefix, active.translator?.(job.target.language));
      sender.sendInternal(noticeJob(job, job.target, text, lane.platform.templatePlatform), lane.platform, true);
      const shame = active.shame(job.target, lane.platform);
      if (shame) {
        const { target, platform } = shame;
        sender.sendInternal(noticeJob(job, target, shameReportText(job.target, hit, active.adminDisable, active.translator?.(target.language)), platform.templatePlatform), platform, false);
      }
    } else if (hit.notify) {
      report.log.info({ ...report.fields(lane.platform, job), ...fields }, 'alert limit hit; the target is told');
      sender.sendInternal(noticeJob(job, job.target, limitNoticeText(hit, active.translator?.(job.target.language)), lane.platform.templatePlatform), lane.platform, true);
    }
    return this.backlog.drop(lane.platform, entry, 'limit', 'verbose', 'delivery dropped: the target is over its alert limit', fields);
  }
}
