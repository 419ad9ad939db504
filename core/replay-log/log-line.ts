/**
 * One line of the raw webhook log ([webhookLogging], core/log/webhook-log.ts) read back, as a pure function:
 * `{"time":"<ISO receive time>","ip":"<source address>","body":"<the request body as received, a JSON string>"}`
 * → when the batch was received (unix ms), from where, and its body text; or why the line is not one.
 */

export interface LoggedBatch {
  /** when the service received the batch, unix ms */
  readonly receivedAt: number;
  /** the address it came from (as the service saw it) */
  readonly ip: string;
  /** the request body exactly as received (normally a JSON array of {type, message}) */
  readonly body: string;
}

export type LogLine = { readonly ok: true; readonly batch: LoggedBatch } | { readonly ok: false; readonly reason: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A line of the log → the batch it records, or the reason it cannot be read; null for an empty line. */
export function parseLogLine(text: string): LogLine | null {
  const line = text.trim();
  if (line === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    return { ok: false, reason: `not JSON (${err instanceof Error ? err.message : String(err)})` };
  }
  if (!isRecord(value)) return { ok: false, reason: 'not a JSON object' };
  const { time, ip, body } = value;
  if (typeof time !== 'string') return { ok: false, reason: 'no "time" string' };
  const receivedAt = Date.parse(time);
  if (!Number.isFinite(receivedAt)) return { ok: false, reason: `"time" is not a date (${JSON.stringify(time)})` };
  if (typeof body !== 'string') return { ok: false, reason: 'no "body" string' };
  return { ok: true, batch: { receivedAt, ip: typeof ip === 'string' ? ip : '', body } };
}
