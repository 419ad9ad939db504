/**
 * Hands rendered messages to the platform that serves the target type. The pipeline only sees this
 * interface; the delivery queue (queue.ts: ordering, concurrency, backpressure, limits, retries) implements it.
 */
import type { DeliveryJob, PlatformPlugin } from '../contract.ts';
import type { DeliveryReceipt } from '../journal/types.ts';

export interface Dispatcher {
  /**
   * Accepts one message for delivery; the promise resolves once it is accepted, which waits while the queue
   * is full (backpressure). Never rejects: failures are logged and counted. A dispatcher that accepts at once
   * (tests) may return nothing; callers always `await` it. A journaled job comes with its `receipt`: the
   * dispatcher settles it once the job is finished (sent, or dropped for a counted reason) and holds the
   * destination's turn until the settlement is durable; a job still unfinished when the service stops is left
   * unsettled, so the journal hands it to the next start.
   */
  dispatch(job: DeliveryJob, platform: PlatformPlugin, receipt?: DeliveryReceipt): Promise<void> | void;
  /** resolves when everything dispatched so far has been delivered, has failed or was dropped (retries included) */
  drain(): Promise<void>;
  /**
   * The graceful stop: drains, but for at most `graceMs`; whatever is still undelivered then is dropped
   * (counted and logged, reason `shutdown`) or, when journaled, left for the next start, as is anything
   * dispatched afterwards.
   */
  close?(graceMs: number): Promise<void>;
}
