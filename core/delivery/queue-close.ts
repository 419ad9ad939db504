/**
 * The delivery queue's stop: it waits up to the grace period for everything queued to finish; after that, whatever
 * is not being attempted right now is left to the journal for the next start when journaled, or dropped.
 */
import type { Logger } from '../log/logger.ts';
import type { LaneScheduler } from './lane-scheduler.ts';
import type { QueueBacklog } from './queue-backlog.ts';
import type { DeliveryTimers, TimerHandle } from './timers.ts';

export async function closeQueue(backlog: QueueBacklog, lanes: LaneScheduler, timers: DeliveryTimers, log: Logger, graceMs: number): Promise<void> {
  if (backlog.idle()) {
    backlog.stop();
    return;
  }
  let timer: TimerHandle | null = null;
  const graceOver = new Promise<boolean>((resolve) => {
    timer = timers.setTimeout(() => resolve(true), graceMs);
  });
  const late = await Promise.race([backlog.drain().then(() => false), graceOver]);
  (timer as TimerHandle | null)?.cancel();
  backlog.stop();
  if (late) {
    const dropped = lanes.abandon();
    log.warn(
      { dropped, carriedOver: backlog.carriedOver, inFlight: backlog.inFlight },
      'delivery grace period over; journaled messages are carried over to the next start, the others dropped',
    );
  }
}
