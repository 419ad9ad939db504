/**
 * Hands rendered messages to the platform that serves the target type. The pipeline only sees this
 * interface; the delivery queue (queue.ts: ordering, concurrency, retries) implements it.
 */
import type { DeliveryJob, PlatformPlugin } from '../contract.ts';

export interface Dispatcher {
  /** accepts one message for delivery; never throws, failures are logged and counted */
  dispatch(job: DeliveryJob, platform: PlatformPlugin): void;
  /** resolves when everything dispatched so far has been delivered, has failed or was dropped (retries included) */
  drain(): Promise<void>;
}
