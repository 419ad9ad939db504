/**
 * The quest summary's notice to a destination over its summary limit, in the recipient's language (the texts sit
 * with the commands' so the reply translations are checked together).
 */
export type NoticeTranslate = (text: string, vars?: Readonly<Record<string, string | number>>) => string;

/** Sent once per [alert_limits] timing_period, with the first digest refused. */
export function summaryLimitNotice(t: NoticeTranslate, limit: number, periodSeconds: number): string {
  return t('You have received {limit} quest summaries in {period} seconds, the most this service sends you in that time; the quests held for this one were dropped.', { limit, period: periodSeconds });
}
