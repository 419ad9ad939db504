/**
 * A bounded FIFO with backpressure: producers reserve places (waiting for room up to one deadline per request),
 * then fill them; consumers wait for items. Nothing accepted is dropped; `drain()` resolves once everything taken is done.
 */
type Waiter = () => void;

export class BoundedQueue<T> {
  private readonly items: T[] = [];
  private head = 0;
  /** places promised to producers that have not filled them yet */
  private reserved = 0;
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

  private get free(): number {
    return this.capacity - this.size - this.reserved;
  }

  /**
   * Reserves places for up to `count` items, as a share: it waits (up to `timeoutMs`) until room for all of them is
   * free, or for a quarter of the capacity when they need more, then takes what is free up to `count`. Returns how
   * many (0: no such room in time, or the queue is closed). The caller fills them (`fill`) or gives them back
   * (`unreserve`), and asks again for the rest. (Shares keep a request whole while it fits, so a full queue does
   * not split every request into one-item pieces.)
   */
  async reserve(count: number, timeoutMs: number): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    const share = Math.min(count, Math.max(1, Math.ceil(this.capacity / 4)));
    while (!this.closed && count > 0) {
      if (this.free >= share) {
        const take = Math.min(count, this.free);
        this.reserved += take;
        return take;
      }
      const left = deadline - performance.now();
      if (left <= 0 || !(await this.waitForRoom(left))) return 0;
    }
    return 0;
  }

  /** gives reserved places back unused */
  unreserve(count: number): void {
    this.reserved = Math.max(0, this.reserved - count);
    for (let i = 0; i < count && this.roomWaiters.length > 0; i++) this.roomWaiters.shift()?.();
    if (this.closed && this.reserved === 0) for (const wake of this.itemWaiters.splice(0)) wake();
  }

  /** puts items into places reserved before (also after `close`: a reservation is a promise kept) */
  fill(batch: readonly T[]): void {
    this.reserved = Math.max(0, this.reserved - batch.length);
    for (const item of batch) {
      this.items.push(item);
      this.itemWaiters.shift()?.();
    }
    if (this.closed && this.reserved === 0) for (const wake of this.itemWaiters.splice(0)) wake();
  }

  /** Queues `batch` in order as room appears: how many (its first ones) were queued within `timeoutMs` (one deadline). */
  async offer(batch: readonly T[], timeoutMs: number): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    let queued = 0;
    while (queued < batch.length) {
      const got = await this.reserve(batch.length - queued, Math.max(0, deadline - performance.now()));
      if (got === 0) break;
      this.fill(batch.slice(queued, queued + got));
      queued += got;
    }
    return queued;
  }

  /** Next item, or null once the queue is closed and empty. Call `done()` after handling it. */
  async take(): Promise<T | null> {
    while (this.size === 0) {
      if (this.closed && this.reserved === 0) return null;
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

  /** Refuses further reservations; consumers get null once the queue is empty and no reservation is open. */
  close(): void {
    this.closed = true;
    for (const wake of this.itemWaiters.splice(0)) wake();
    for (const wake of this.roomWaiters.splice(0)) wake();
    if (this.size === 0 && this.inFlight === 0) this.notifyIdle();
  }

  private notifyIdle(): void {
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  /** Resolves true when room may have appeared, false after `timeoutMs`. */
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
