/**
 * Backpressure for the delivery queue: at most `capacity` accepted alerts are unfinished at once; whoever
 * brings one more waits, in arrival order, until one finishes. Decisions are handed to callbacks
 * synchronously, so a freed place is taken before anyone can observe the queue as idle.
 */

/** told `true` once the alert may be queued, `false` when the queue closed first */
export type AdmissionDecision = (admitted: boolean) => void;

export class Admission {
  private held = 0;
  private readonly waiting: AdmissionDecision[] = [];
  private closed = false;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`delivery queue capacity must be a positive integer, got ${capacity}`);
  }

  /** places taken by unfinished alerts */
  get used(): number {
    return this.held;
  }

  /** producers waiting for a place */
  get waiters(): number {
    return this.waiting.length;
  }

  /** takes a place when one is free and nobody waits before us */
  tryAcquire(): boolean {
    if (this.closed || this.held >= this.capacity || this.waiting.length > 0) return false;
    this.held++;
    return true;
  }

  /** queues for a place; `decide` runs once, when a place is handed over or the admission closes */
  wait(decide: AdmissionDecision): void {
    if (this.closed) {
      decide(false);
      return;
    }
    this.waiting.push(decide);
  }

  /** gives a place back: straight to the first waiter when there is one */
  release(): void {
    const next = this.waiting.shift();
    if (next) next(true);
    else this.held = Math.max(0, this.held - 1);
  }

  /** refuses every waiter and every later request */
  close(): void {
    this.closed = true;
    for (const decide of this.waiting.splice(0)) decide(false);
  }
}
