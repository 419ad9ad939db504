/**
 * A stored entry of the previous run → the work to replay, as a pure function: its body read back into webhook
 * items or delivery jobs, each paired with its ticket. An unreadable body or an unknown kind gives null (the caller drops the entry).
 */
import type { RecoveredEntry, RecoveredWork, StoredJob, WorkTicket } from './types.ts';

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function isStoredJob(value: unknown): value is StoredJob {
  if (typeof value !== 'object' || value === null) return false;
  const { platform, job } = value as { platform?: unknown; job?: unknown };
  if (typeof platform !== 'string' || typeof job !== 'object' || job === null) return false;
  const { target, message, meta } = job as { target?: unknown; message?: unknown; meta?: unknown };
  return typeof target === 'object' && target !== null && typeof message === 'object' && message !== null && typeof meta === 'object' && meta !== null;
}

/** `tickets(n)` registers the entry as open with n items and gives their tickets, in order. */
export function recoveredWork(entry: RecoveredEntry, tickets: (items: number) => readonly WorkTicket[]): RecoveredWork | null {
  const value = parsed(entry.body);
  if (value === undefined) return null;
  if (entry.kind === 'webhooks') {
    // a webhook request may have been one object rather than an array (stored as sent)
    const items = Array.isArray(value) ? value : [value];
    const given = tickets(items.length);
    return { kind: 'webhooks', id: entry.id, receivedAt: entry.receivedAt, items: items.map((item, i) => ({ item, ticket: given[i]! })) };
  }
  if (entry.kind !== 'jobs' || !Array.isArray(value) || !value.every(isStoredJob)) return null;
  const given = tickets(value.length);
  return { kind: 'jobs', id: entry.id, receivedAt: entry.receivedAt, items: value.map((item, i) => ({ item, ticket: given[i]! })) };
}
