/**
 * Spaces requests out: `next()` resolves when the next request may go, at most `perSecond` a second; `pause(ms)`
 * holds every later request back (a 429's `retry_after`). Waits end early with the abort reason when `signal`
 * aborts (the platform stops).
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface Pacer {
  next(): Promise<void>;
  pause(ms: number): void;
}

export function createPacer(perSecond: number, signal?: AbortSignal, now: () => number = Date.now): Pacer {
  const gapMs = 1000 / Math.max(perSecond, 0.001);
  let nextAt = 0;
  return {
    async next() {
      signal?.throwIfAborted();
      const at = Math.max(now(), nextAt);
      nextAt = at + gapMs;
      const wait = at - now();
      if (wait <= 0) return;
      try {
        await sleep(wait, undefined, signal ? { signal } : undefined);
      } catch (err) {
        signal?.throwIfAborted();
        throw err;
      }
    },
    pause(ms) {
      nextAt = Math.max(nextAt, now() + ms);
    },
  };
}
