/**
 * A PluginClock for tests: time stands still until the test moves it; `advanceTo` runs every timer due by then,
 * in order, each at its own time, and waits for the promise a timer returns (the work it started) before the next.
 */
import type { PluginClock } from '../../core/contract.ts';

interface Timer {
  readonly at: number;
  readonly fn: () => unknown;
  cancelled: boolean;
}

export class ManualClock implements PluginClock {
  private timers: Timer[] = [];

  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  after(delayMs: number, fn: () => unknown): () => void {
    const timer: Timer = { at: this.current + Math.max(0, delayMs), fn, cancelled: false };
    this.timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
  }

  /** timers waiting, their due times in order */
  pending(): number[] {
    return this.timers.filter((t) => !t.cancelled).map((t) => t.at).sort((a, b) => a - b);
  }

  /** moves time to `ms`, running each timer due on the way at its own time and waiting for the promise it returns */
  async advanceTo(ms: number): Promise<void> {
    for (;;) {
      this.timers = this.timers.filter((t) => !t.cancelled);
      const next = this.timers.filter((t) => t.at <= ms).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.current = Math.max(this.current, next.at);
      await next.fn();
    }
    this.current = Math.max(this.current, ms);
  }
}
