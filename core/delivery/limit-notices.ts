/**
 * The plain messages the alert limits send: the notice to a target that hit its limit, the notice that it has
 * been stopped, and the report to the shame channel. Each is a delivery job whose body is `{ content }`, which
 * every platform's templates accept.
 */
import type { DeliveryJob } from '../contract.ts';
import { loggableTargetId } from './redact.ts';

/** The alert type notice jobs carry (they are not alerts: never limited, never cleaned). */
export const NOTICE_ALERT_TYPE = 'limit-notice';

export interface LimitHit {
  readonly limit: number;
  readonly periodSeconds: number;
  readonly hits: number;
}

export function limitNoticeText(hit: LimitHit): string {
  return (
    `You have received ${hit.limit} alerts in ${hit.periodSeconds} seconds, the most this service sends you in that time. ` +
    `Further alerts are held back; they resume once ${hit.periodSeconds} seconds have passed.`
  );
}

/**
 * `adminDisabled` when an admin must re-enable the target; `commandPrefix` is how its platform starts a command
 * (`!`, `/`), undefined when the platform takes no commands (then only an administrator can restart it).
 */
export function stopNoticeText(hit: LimitHit, adminDisabled: boolean, commandPrefix: string | undefined): string {
  const why = `You hit the alert limit (${hit.limit} alerts in ${hit.periodSeconds} seconds) ${hit.hits} times, so your alerts have been stopped.`;
  if (adminDisabled) return `${why} An administrator has to enable them again.`;
  if (commandPrefix === undefined) return `${why} An administrator can start them again.`;
  return `${why} Narrow down what you track, then send ${commandPrefix}start to resume them.`;
}

export function shameReportText(target: DeliveryJob['target'], hit: LimitHit, adminDisabled: boolean): string {
  const who = `${target.name || '(no name)'} (${target.type} ${loggableTargetId(target.id)})`;
  const what = adminDisabled ? 'disabled' : 'stopped';
  return `${who} was ${what} after hitting the alert limit of ${hit.limit} per ${hit.periodSeconds} seconds ${hit.hits} times.`;
}

/** A plain text message to `target`, rendered for `templatePlatform`, logged under the event that caused it. */
export function noticeJob(cause: DeliveryJob, target: DeliveryJob['target'], text: string, templatePlatform: string): DeliveryJob {
  return {
    target,
    message: { platform: templatePlatform, body: { content: text } },
    meta: cause.meta,
    alertType: NOTICE_ALERT_TYPE,
    ping: '',
    clean: 0,
    expiresAt: null,
  };
}
