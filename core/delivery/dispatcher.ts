/**
 * Hands rendered messages to the platform that serves the target type. The pipeline only sees this
 * interface; the delivery queue (queue.ts: ordering, concurrency, backpressure, limits, retries) implements it.
 */
import type { DeliveryJob, PlatformPlugin } from '../contract.ts';

export interface Dispatcher {
  /**
   * Accepts one message for delivery; the promise resolves once it is accepted, which waits while the queue
   * is full (backpressure). Never rejects: failures are logged and counted. A dispatcher that accepts at once
   * (tests) may return nothing; callers always `await` it.
   */
  dispatch(job: DeliveryJob, platform: PlatformPlugin): Promise<void> | void;
  /** resolves when everything dispatched so far has been delivered, has failed or was dropped (retries included) */
  drain(): Promise<void>;
  /**
   * The graceful stop: drains, but for at most `graceMs`; whatever is still undelivered then is dropped
   * (counted and logged, reason `shutdown`), as is anything dispatched afterwards.
   */
  close?(graceMs: number): Promise<void>;
}
