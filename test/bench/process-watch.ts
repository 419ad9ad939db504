/**
 * Watches the process that hosts the service: resident memory sampled every 100 ms (the peak of a run), the
 * idle RSS after a full garbage collection (when node runs with --expose-gc), and the longest event-loop stall
 * within a window (how long matching could not run, e.g. during a state reload).
 */
const MB = 1024 * 1024;

export interface RssWatch {
  /** highest RSS seen since start, MB */
  peakMb(): number;
  stop(): void;
}

export function watchRss(intervalMs = 100): RssWatch {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, intervalMs);
  timer.unref();
  return {
    peakMb: () => Math.max(peak, process.memoryUsage.rss()) / MB,
    stop: () => clearInterval(timer),
  };
}

/** RSS in MB after a full GC and a short pause (the heap settled). */
export async function idleRssMb(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return process.memoryUsage.rss() / MB;
}

export interface StallWatch {
  /** the longest event-loop stall since start, ms (settles one tick after the stall ends) */
  maxMs(): Promise<number>;
  stop(): void;
}

const TICK_MS = 5;

/** A timer every 5 ms; a tick that comes late by d ms means the event loop could not run for d ms. */
export function watchStalls(): StallWatch {
  let last = performance.now();
  let max = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    max = Math.max(max, now - last - TICK_MS);
    last = now;
  }, TICK_MS);
  return {
    async maxMs() {
      await new Promise((resolve) => setTimeout(resolve, 4 * TICK_MS));
      return max;
    },
    stop: () => clearInterval(timer),
  };
}
