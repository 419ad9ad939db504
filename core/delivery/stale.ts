/**
 * When a delivery is too late to be sent, as pure functions: an alert whose event has ended, or that has less than
 * the minimum time left (`[general] alert_minimum_time`), is stale — dropped, never sent late. The minimum applies to
 * alerts only: a direct message's expiry is the time to live its sender chose (DirectOptions.ttlMs), so it is stale
 * once that has passed; a job without an expiry (command replies, limit notices…) is never stale.
 */
import type { DeliveryJob } from '../contract.ts';
import { DIRECT_MESSAGE_TYPE } from './direct.ts';

/** How late a job is: its event has `ended`, or it ends in less than the minimum time (`too_close`); null = in time. */
export type Staleness = 'ended' | 'too_close' | null;

/** The minimum time left that `job` needs when it goes out as a new message, in ms. */
function marginOf(job: DeliveryJob, minimumTimeLeftMs: number): number {
  return job.alertType === DIRECT_MESSAGE_TYPE ? 0 : minimumTimeLeftMs;
}

/** The last moment (unix ms) a job may still go out as a new message; null when it has no expiry. */
export function sendBy(job: DeliveryJob, minimumTimeLeftMs: number): number | null {
  return job.expiresAt === null ? null : job.expiresAt - marginOf(job, minimumTimeLeftMs);
}

/** How late `job` is at `now` (see Staleness). */
export function staleness(job: DeliveryJob, now: number, minimumTimeLeftMs: number): Staleness {
  const { expiresAt } = job;
  if (expiresAt === null) return null;
  if (expiresAt <= now) return 'ended';
  return expiresAt - marginOf(job, minimumTimeLeftMs) <= now ? 'too_close' : null;
}
