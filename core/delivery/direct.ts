/**
 * Messages that are not alerts (the API's postMessage, confirmations of API changes): each becomes one delivery
 * job for the platform serving the target type, rendered for that platform's DTS platform, and goes through
 * the app's Dispatcher like any alert (in order per destination, retried, counted against [alert_limits]).
 * Every job carries a fresh event id prefixed with the sender's reference, so its log lines can be followed; with
 * the journal, a job is recorded before the sender is answered and kept until it is delivered.
 */
import type { DeliveryJob, EventLocation, PlatformPlugin } from '../contract.ts';
import { JOB_KEY, type Journal } from '../journal/types.ts';
import type { Logger } from '../log/logger.ts';
import { nextEventId } from '../pipeline/intake.ts';
import type { Dispatcher } from './dispatcher.ts';
import { loggableTargetId } from './redact.ts';

/** The alert type (and webhook type of the event meta) direct messages carry. */
export const DIRECT_MESSAGE_TYPE = 'message';

/** The `clean` bit that deletes a message at its expiry (see clean-types.ts). */
const CLEAN_ON_EXPIRY = 1;

export interface DirectOptions {
  /** who sent it, e.g. `WebApi`: the event id starts with it and every log line names it */
  readonly reference: string;
  /** delete the message once `ttlMs` has passed (needs `ttlMs` and a platform able to delete) */
  readonly clean?: boolean;
  /** how long the message is current, in ms from now: its `expiresAt`; none = no expiry */
  readonly ttlMs?: number;
  /** a position the platform may send as a location pin (Telegram's `location: true`) */
  readonly location?: EventLocation;
}

export interface DirectMessenger {
  /** queues a plain text message; false (nothing queued) when no running platform serves target.type */
  sendText(target: DeliveryJob['target'], text: string, reference: string): Promise<boolean>;
  /** queues a message body as a DTS template would produce it (discord: content/embed/embeds…, telegram: content/…) */
  sendBody(target: DeliveryJob['target'], body: Readonly<Record<string, unknown>>, options: DirectOptions): Promise<boolean>;
  /** whether a running platform serves this target type (callers check a whole batch before sending any of it) */
  serves(targetType: string): boolean;
}

export interface DirectMessengerDeps {
  readonly dispatcher: Dispatcher;
  /** keeps every queued message until it is delivered (none = memory only) */
  readonly journal?: Journal;
  /** the running platform serving a humans.type (PluginRegistry.platformForTarget) */
  readonly platformForTarget: (targetType: string) => PlatformPlugin | undefined;
  readonly log: Logger;
  readonly now?: () => number;
}

/** The job for one direct message, as a pure function (the event id and the clock come in). */
export function directJob(
  target: DeliveryJob['target'],
  body: Readonly<Record<string, unknown>>,
  options: DirectOptions,
  platform: PlatformPlugin,
  eventId: string,
  now: number,
): DeliveryJob {
  return {
    target,
    message: { platform: platform.templatePlatform, body },
    meta: { eventId, webhookType: DIRECT_MESSAGE_TYPE, receivedAt: now },
    alertType: DIRECT_MESSAGE_TYPE,
    ping: '',
    clean: options.clean ? CLEAN_ON_EXPIRY : 0,
    expiresAt: options.ttlMs === undefined ? null : now + options.ttlMs,
    ...(options.location ? { location: options.location } : {}),
  };
}

export function createDirectMessenger(deps: DirectMessengerDeps): DirectMessenger {
  const now = deps.now ?? Date.now;
  const sendBody: DirectMessenger['sendBody'] = async (target, body, options) => {
    const fields = { reference: options.reference, target: loggableTargetId(target.id), targetType: target.type };
    const platform = deps.platformForTarget(target.type);
    if (!platform) {
      deps.log.warn(fields, 'direct message not sent: no platform is running for the target type');
      return false;
    }
    const job = directJob(target, body, options, platform, `${options.reference}-${nextEventId()}`, now());
    const [ticket] = deps.journal ? await deps.journal.recordJobs([{ platform: platform.name, job }], job.meta.receivedAt) : [];
    await deps.dispatcher.dispatch(job, platform, ticket?.receipt(JOB_KEY));
    ticket?.processed();
    deps.log.info({ ...fields, eventId: job.meta.eventId, platform: platform.name, clean: job.clean, expiresAt: job.expiresAt }, 'direct message queued');
    return true;
  };
  return {
    sendBody,
    sendText: (target, text, reference) => sendBody(target, { content: text }, { reference }),
    serves: (targetType) => deps.platformForTarget(targetType) !== undefined,
  };
}
