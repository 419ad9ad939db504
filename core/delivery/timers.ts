/**
 * The clock the delivery core waits on (retries, the shutdown grace period, clean-up deletions, the debounced
 * save); tests replace it to fire waits on demand.
 */

/** A wait that has been set up; `cancel` stops it from firing (harmless after it fired). */
export interface TimerHandle {
  cancel(): void;
}

export interface DeliveryTimers {
  /** calls `callback` once after about `ms` milliseconds */
  setTimeout(callback: () => void, ms: number): TimerHandle;
}

/** The longest delay node's setTimeout honours; longer waits are re-armed by their owner when this one fires. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const realTimers: DeliveryTimers = {
  setTimeout(callback, ms) {
    const timer = setTimeout(callback, Math.min(Math.max(0, ms), MAX_TIMER_MS));
    return { cancel: () => clearTimeout(timer) };
  },
};
