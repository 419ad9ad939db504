/**
 * `--from` / `--to`: which logged batches to replay, by their receive time, as pure functions. A bound is an
 * ISO 8601 time (`2024-05-01T18:00:00Z`, or without a zone for local time) or unix seconds (`1714586400`);
 * both bounds are inclusive.
 */

export interface TimeWindow {
  /** unix ms, or null for no lower bound */
  readonly from: number | null;
  /** unix ms, or null for no upper bound */
  readonly to: number | null;
}

export const NO_WINDOW: TimeWindow = { from: null, to: null };

const UNIX_SECONDS = /^\d+(\.\d+)?$/;

/** A bound as typed → unix ms, or the problem with it. */
export function parseTimeBound(raw: string): number | string {
  const text = raw.trim();
  if (UNIX_SECONDS.test(text)) return Math.round(Number(text) * 1000);
  // a bare date or date-time: Date.parse reads what ISO 8601 allows
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const ms = Date.parse(text);
    if (Number.isFinite(ms)) return ms;
  }
  return `"${raw}" is neither an ISO time (2024-05-01T18:00:00Z) nor unix seconds (1714586400)`;
}

export function inWindow(window: TimeWindow, receivedAt: number): boolean {
  return (window.from === null || receivedAt >= window.from) && (window.to === null || receivedAt <= window.to);
}
