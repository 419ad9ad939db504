/**
 * Per-platform concurrency: at most `limit` destinations of one platform are worked on at once; the others
 * wait their turn in arrival order.
 */

export class PlatformSlots<L> {
  private running = 0;
  /** destinations waiting for a slot, from `head` on (taken by index: shifting a long array costs its length) */
  private waiting: L[] = [];
  private head = 0;

  /** `run` works on one destination and settles when its slot may be given to the next one */
  constructor(
    readonly limit: number,
    private readonly run: (lane: L) => Promise<void>,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`platform concurrency must be a positive integer, got ${limit}`);
  }

  /** how many destinations hold a slot now */
  get active(): number {
    return this.running;
  }

  /** queues a destination for a slot (at the back: every destination gets its turn) */
  enqueue(lane: L): void {
    this.waiting.push(lane);
    this.pump();
  }

  /** a destination's turn ended: its slot goes to the next one (one function for all, not one per turn) */
  private readonly release = (): void => {
    this.running--;
    this.pump();
  };

  private pump(): void {
    while (this.running < this.limit && this.head < this.waiting.length) {
      const lane = this.waiting[this.head] as L;
      this.waiting[this.head++] = undefined as L;
      this.running++;
      this.run(lane).then(this.release, this.release);
    }
    if (this.head === this.waiting.length) {
      this.waiting.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting = this.waiting.slice(this.head);
      this.head = 0;
    }
  }
}
