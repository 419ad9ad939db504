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

/** Translates an English notice text (with `{name}` placeholders) into a recipient's language. */
export type NoticeTranslate = (text: string, vars: Readonly<Record<string, string | number>>) => string;

/** Fills the placeholders only: the English notice. */
export const ENGLISH: NoticeTranslate = (text, vars) => text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));

/** Every notice text, in English as written; translation tables are keyed by these. */
export const NOTICE_TEXTS = {
  limit:
    'You have received {limit} alerts in {period} seconds, the most this service sends you in that time. Further alerts are held back; they resume once {period} seconds have passed.',
  stopped: 'You hit the alert limit ({limit} alerts in {period} seconds) {hits} times, so your alerts have been stopped.',
  adminRestart: 'An administrator has to enable them again.',
  adminCanRestart: 'An administrator can start them again.',
  selfRestart: 'Narrow down what you track, then send {prefix}start to resume them.',
  reportStopped: '{who} was stopped after hitting the alert limit of {limit} per {period} seconds {hits} times.',
  reportDisabled: '{who} was disabled after hitting the alert limit of {limit} per {period} seconds {hits} times.',
} as const;

function hitVars(hit: LimitHit): Record<string, number> {
  return { limit: hit.limit, period: hit.periodSeconds, hits: hit.hits };
}

export function limitNoticeText(hit: LimitHit, t: NoticeTranslate = ENGLISH): string {
  return t(NOTICE_TEXTS.limit, hitVars(hit));
}

/**
 * `adminDisabled` when an admin must re-enable the target; `commandPrefix` is how its platform starts a command
 * (`!`, `/`), undefined when the platform takes no commands (then only an administrator can restart it).
 */
export function stopNoticeText(hit: LimitHit, adminDisabled: boolean, commandPrefix: string | undefined, t: NoticeTranslate = ENGLISH): string {
  const why = t(NOTICE_TEXTS.stopped, hitVars(hit));
  if (adminDisabled) return `${why} ${t(NOTICE_TEXTS.adminRestart, {})}`;
  if (commandPrefix === undefined) return `${why} ${t(NOTICE_TEXTS.adminCanRestart, {})}`;
  return `${why} ${t(NOTICE_TEXTS.selfRestart, { prefix: commandPrefix })}`;
}

export function shameReportText(target: DeliveryJob['target'], hit: LimitHit, adminDisabled: boolean, t: NoticeTranslate = ENGLISH): string {
  const who = `${target.name || '(no name)'} (${target.type} ${loggableTargetId(target.id)})`;
  return t(adminDisabled ? NOTICE_TEXTS.reportDisabled : NOTICE_TEXTS.reportStopped, { who, ...hitVars(hit) });
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
