/**
 * The thread keep-alive sweeper: private threads auto-create made archive after 7 days without messages; every
 * `thread_keep_alive_interval_hours` (1–168) the sweeper re-opens the archived ones. A sweep never overlaps
 * another; a thread that is gone is counted and skipped; errors are logged per thread, never thrown.
 */
import type { Client } from 'discord.js';
import { describeError } from '../../../core/errors.ts';
import type { Logger } from '../../../core/log/logger.ts';
import { isUnknown, UNKNOWN_CHANNEL } from '../error-outcome.ts';

export const KEEP_ALIVE_MAX_HOURS = 168;
const HOUR_MS = 3_600_000;

export type UnarchiveResult = 'unarchived' | 'active' | 'gone';

export interface KeepAliveOptions {
  readonly intervalHours: number;
  threadIds(): Promise<readonly string[]> | readonly string[];
  unarchive(threadId: string): Promise<UnarchiveResult>;
  readonly log: Logger;
}

export interface SweepResult {
  checked: number;
  unarchived: number;
  gone: number;
  failed: number;
}

export interface ThreadKeepAlive {
  start(): void;
  stop(): void;
  sweepNow(): Promise<SweepResult>;
  readonly intervalMs: number;
}

/** The interval, clamped to 1–168 hours. */
export function keepAliveIntervalMs(hours: number): number {
  const clamped = Math.min(KEEP_ALIVE_MAX_HOURS, Math.max(1, Number.isFinite(hours) ? hours : 24));
  return clamped * HOUR_MS;
}

export function createThreadKeepAlive(options: KeepAliveOptions): ThreadKeepAlive {
  const intervalMs = keepAliveIntervalMs(options.intervalHours);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<SweepResult> | null = null;

  const sweep = async (): Promise<SweepResult> => {
    const result: SweepResult = { checked: 0, unarchived: 0, gone: 0, failed: 0 };
    let ids: readonly string[];
    try {
      ids = await options.threadIds();
    } catch (err) {
      options.log.warn({ reason: describeError(err) }, 'thread keep-alive: could not read the thread list');
      return result;
    }
    for (const id of ids) {
      result.checked += 1;
      try {
        const outcome = await options.unarchive(id);
        if (outcome === 'unarchived') result.unarchived += 1;
        if (outcome === 'gone') result.gone += 1;
      } catch (err) {
        result.failed += 1;
        options.log.warn({ threadId: id, reason: describeError(err) }, 'thread keep-alive: could not re-open a thread');
      }
    }
    if (result.unarchived + result.gone + result.failed > 0) options.log.info({ ...result }, 'thread keep-alive: sweep done');
    return result;
  };

  const sweepNow = (): Promise<SweepResult> => {
    running ??= sweep().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    intervalMs,
    start() {
      if (timer) return;
      timer = setInterval(() => void sweepNow(), intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    sweepNow,
  };
}

/** `unarchive` with discord.js: fetch the thread; archived → `setArchived(false)`; Unknown Channel → gone. */
export function unarchiveThreadWith(client: Client): (threadId: string) => Promise<UnarchiveResult> {
  return async (threadId) => {
    let channel;
    try {
      channel = await client.channels.fetch(threadId, { force: true });
    } catch (err) {
      if (isUnknown(err, UNKNOWN_CHANNEL)) return 'gone';
      throw err;
    }
    if (!channel || !channel.isThread()) return 'gone';
    if (!channel.archived) return 'active';
    await channel.setArchived(false, 'auto-create thread keep-alive');
    return 'unarchived';
  };
}
