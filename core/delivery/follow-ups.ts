/**
 * Alerts about something a recipient already had a message about (the job's `editKey`, AlertPlugin.editKey): the
 * recipient's `edit` rule (`clean & 2`) gets the earlier message edited in place — not counted against the alert
 * limits; a failed edit (the message was deleted…) sends a new message instead; with `[tracking] reply_chains` (or a
 * key asking for it, EditKey.reply: a plugin that `repliesToEarlier`) a new message goes as a reply to the earlier
 * one. Every message sent or edited is remembered (sent-messages.ts) for the next alert about the same thing. Jobs
 * without an `editKey` never come here.
 */
import type { DeliveryJob, EditKey, PlatformPlugin } from '../contract.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { timeExternal } from '../metrics/external-call.ts';
import { callOutcomeOf } from './attempt-result.ts';
import { loggableTargetId } from './redact.ts';
import type { SentMessage, SentMessages } from './sent-messages.ts';

/** The `clean` bit of a rule that asks for its alert's message to be edited in place by later alerts. */
export const EDIT_IN_PLACE = 2;

export interface FollowUpOptions {
  readonly sent: SentMessages;
  /** [tracking] reply_chains */
  readonly replyChains: boolean;
  readonly metrics: Metrics;
  readonly log: Logger;
  /** a message was edited in place and now shows `job` (its clean-up deletion follows the new expiry) */
  readonly onEdited?: (job: DeliveryJob, messageIds: readonly string[], platform: PlatformPlugin) => void;
}

type FollowUpLabel = 'edited' | 'edit_failed_resent' | 'sent_new' | 'replied';

/**
 * What `tryEdit` came to: `edited` (nothing is to be sent), `failed` (the edit failed: a new message is sent),
 * `nothing-earlier` (an `edit` rule, but no earlier message is known), `not-asked` (no edit for this job).
 */
export type EditResult = 'edited' | 'failed' | 'nothing-earlier' | 'not-asked';

export class FollowUps {
  constructor(private readonly o: FollowUpOptions) {}

  /** the earlier message of the same thing to this recipient through this platform, or null */
  private earlier(job: DeliveryJob, key: EditKey, platform: PlatformPlugin): SentMessage | null {
    const found = this.o.sent.lookup(key.key, job.target);
    return found && found.platform === platform.name ? found : null;
  }

  /** For an `edit` rule whose recipient has an earlier message about the same thing: edits it (see EditResult). */
  async tryEdit(job: DeliveryJob, platform: PlatformPlugin): Promise<EditResult> {
    const key = job.editKey;
    if (!key || (job.clean & EDIT_IN_PLACE) === 0 || !platform.edit) return 'not-asked';
    const earlier = this.earlier(job, key, platform);
    if (!earlier) return 'nothing-earlier';
    let reason: string;
    try {
      const outcome = await timeExternal(this.o.metrics, platform.name, () => platform.edit!(job, earlier.messageIds), callOutcomeOf);
      if (outcome.ok) {
        const messageIds = outcome.messageIds && outcome.messageIds.length > 0 ? outcome.messageIds : earlier.messageIds;
        this.o.sent.record(key.key, job.target, { platform: platform.name, messageIds, until: Math.max(key.until, earlier.until) });
        this.count(platform, 'edited');
        this.o.log.debug(this.fields(job, platform), 'alert edited in place');
        this.o.onEdited?.(job, messageIds, platform);
        return 'edited';
      }
      reason = outcome.reason;
    } catch (err) {
      reason = `platform threw: ${describeError(err)}`;
    }
    this.count(platform, 'edit_failed_resent');
    this.o.log.info({ ...this.fields(job, platform), reason }, 'editing the earlier message failed; sending a new one');
    return 'failed';
  }

  /**
   * the job as it is sent: a reply to the recipient's earlier message about the same thing when reply chains are on
   * or its key asks for one (EditKey.reply)
   */
  toSend(job: DeliveryJob, platform: PlatformPlugin): DeliveryJob {
    const key = job.editKey;
    if (!key || !(this.o.replyChains || key.reply === true)) return job;
    const earlier = this.earlier(job, key, platform);
    return earlier ? { ...job, replyTo: earlier.messageIds } : job;
  }

  /** the job went out as a new message (after `edit`, what tryEdit came to): remembered for the next alert about the same thing, and counted */
  delivered(job: DeliveryJob, platform: PlatformPlugin, messageIds: readonly string[], edit: EditResult): void {
    const key = job.editKey;
    if (!key) return;
    if (job.replyTo) this.count(platform, 'replied');
    if (edit === 'nothing-earlier') this.count(platform, 'sent_new');
    this.o.sent.record(key.key, job.target, { platform: platform.name, messageIds, until: key.until });
  }

  private count(platform: PlatformPlugin, outcome: FollowUpLabel): void {
    this.o.metrics.followUps.inc({ platform: platform.name, outcome });
  }

  private fields(job: DeliveryJob, platform: PlatformPlugin) {
    return { eventId: job.meta.eventId, platform: platform.name, target: loggableTargetId(job.target.id), targetType: job.target.type, editKey: job.editKey?.key };
  }
}
