/**
 * The clock the delivery queue waits on between attempts; tests replace it to fire waits on demand.
 */

export interface DeliveryTimers {
  /** calls `callback` once after about `ms` milliseconds */
  setTimeout(callback: () => void, ms: number): void;
}

export const realTimers: DeliveryTimers = {
  setTimeout(callback, ms) {
    setTimeout(callback, ms);
  },
};
