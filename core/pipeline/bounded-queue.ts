/**
 * A bounded FIFO with backpressure: producers wait for room (up to a timeout),
 * consumers wait for items. Nothing accepted is dropped; `drain()` resolves once everything taken is done.
 */
type Waiter = () => void;

export class BoundedQueue<T> {
  private readonly items: T[] = [];
  private head = 0;
  private readonly roomWaiters: Waiter[] = [];
  private readonly itemWaiters: Waiter[] = [];
  private inFlight = 0;
  private idleWaiters: Waiter[] = [];
  private closed = false;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`queue capacity must be a positive integer, got ${capacity}`);
  }

  get size(): number {
    return this.items.length - this.head;
  }

  get busy(): number {
    return this.inFlight;
  }

  /**
   * Adds items in order, waiting for room as needed. Returns how many were queued: fewer than offered when no
   * room came within `timeoutMs` or the queue was closed meanwhile (the caller reports the rest as refused).
   */
  async offer(batch: readonly T[], timeoutMs: number): Promise<number> {
    let queued = 0;
    for (const item of batch) {
      if (this.size >= this.capacity && !this.closed && !(await this.waitForRoom(timeoutMs))) return queued;
      if (this.closed) return queued;
      this.items.push(item);
      queued++;
      this.itemWaiters.shift()?.();
    }
    return queued;
  }

  /** Next item, or null once the queue is closed and empty. Call `done()` after handling it. */
  async take(): Promise<T | null> {
    while (this.size === 0) {
      if (this.closed) return null;
      await new Promise<void>((resolve) => this.itemWaiters.push(resolve));
    }
    const item = this.items[this.head] as T;
    this.head++;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items.splice(0, this.head);
      this.head = 0;
    }
    this.inFlight++;
    this.roomWaiters.shift()?.();
    return item;
  }

  done(): void {
    this.inFlight--;
    if (this.inFlight === 0 && this.size === 0) this.notifyIdle();
  }

  /** Resolves when nothing is queued or being handled. */
  drain(): Promise<void> {
    if (this.size === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Refuses further offers; consumers get null once the queue is empty. */
  close(): void {
    this.closed = true;
    for (const wake of this.itemWaiters.splice(0)) wake();
    for (const wake of this.roomWaiters.splice(0)) wake();
    if (this.size === 0 && this.inFlight === 0) this.notifyIdle();
  }

  private notifyIdle(): void {
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  /** Resolves true when room appeared, false after `timeoutMs`. */
  private waitForRoom(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const at = this.roomWaiters.indexOf(waiter);
        if (at >= 0) this.roomWaiters.splice(at, 1);
        resolve(false);
      }, timeoutMs);
      this.roomWaiters.push(waiter);
    });
  }
}
