/**
 * Lane scheduling for the delivery queue: messages to one destination (its lane) go out strictly in order, one at a
 * time; destinations run in parallel up to their platform's concurrency; a retry waits without holding a slot while
 * later messages to that destination wait behind it; a destination whose previous delivery the journal does not
 * hold yet waits for it (UNRECORDED_PER_DESTINATION). While paused (maintenance) no attempt starts: lanes that would
 * get in line for a slot are held, every message queued is marked held, and resuming puts the held lanes in line.
 */
import type { DeliveryJob, PlatformPlugin } from '../contract.ts';
import { describeError } from '../errors.ts';
import type { DeliveryReceipt } from '../journal/types.ts';
import { Entry, Lane, UNRECORDED_PER_DESTINATION } from './lane.ts';
import { PlatformSlots } from './platform-slots.ts';
import type { QueueBacklog, Step } from './queue-backlog.ts';
import type { DeliveryTimers } from './timers.ts';

const DEFAULT_CONCURRENCY = 10;

/** One attempt at the head of a lane and what follows from it. */
export interface HeadDelivery {
  deliver(lane: Lane, entry: Entry): Promise<Step>;
}

/** Sends the queue's own messages (limit notices, reports): never limited, outside the capacity. */
export interface InternalSender {
  /** `behindHead`: right behind the message being attempted instead of at the back */
  sendInternal(job: DeliveryJob, platform: PlatformPlugin, behindHead: boolean): void;
}

export class LaneScheduler implements InternalSender {
  private readonly lanes = new Map<string, Lane>();
  private readonly slotsByPlatform = new Map<string, PlatformSlots<Lane>>();
  private readonly heads: HeadDelivery;
  /** no attempt starts (maintenance) */
  private pausedNow = false;
  /** lanes with messages kept out of line while paused */
  private readonly held = new Set<Lane>();

  /** `headsFor` builds the attempts, once, with this scheduler sending their notices */
  constructor(
    private readonly backlog: QueueBacklog,
    private readonly timers: DeliveryTimers,
    headsFor: (sender: InternalSender) => HeadDelivery,
  ) {
    this.heads = headsFor(this);
  }

  /** adds an entry to its destination's lane (at the back, or right behind the head) */
  add(job: DeliveryJob, platform: PlatformPlugin, internal: boolean, receipt?: DeliveryReceipt, behindHead = false): void {
    this.backlog.enter(platform);
    const key = `${platform.name}\u0000${job.target.type}\u0000${job.target.id}`;
    const lane = this.lanes.get(key);
    if (lane) {
      const entry = new Entry(job, lane, internal, receipt);
      if (this.pausedNow) entry.held = true;
      if (behindHead) lane.entries.splice(1, 0, entry);
      else lane.entries.push(entry);
      // a lane kept only for its unrecorded deliveries is idle: this message wakes it
      if (lane.entries.length === 1 && !lane.busy && !lane.retry) this.resume(lane);
      return;
    }
    const fresh = new Lane(key, platform, this.recorded);
    const entry = new Entry(job, fresh, internal, receipt);
    if (this.pausedNow) entry.held = true;
    fresh.entries.push(entry);
    this.lanes.set(key, fresh);
    this.resume(fresh);
  }

  /** whether attempts are paused (maintenance) */
  get paused(): boolean {
    return this.pausedNow;
  }

  /** no attempt starts until `unpause`; what is queued (and what comes) waits, marked held */
  pause(): void {
    if (this.pausedNow) return;
    this.pausedNow = true;
    for (const lane of this.lanes.values()) for (const entry of lane.entries) entry.held = true;
  }

  /** the held lanes get in line for their slots again, in the order they were held */
  unpause(): void {
    if (!this.pausedNow) return;
    this.pausedNow = false;
    const held = [...this.held];
    this.held.clear();
    for (const lane of held) this.resume(lane);
  }

  sendInternal(job: DeliveryJob, platform: PlatformPlugin, behindHead: boolean): void {
    if (this.backlog.stopped) this.backlog.refuse(job, platform, undefined);
    else this.add(job, platform, true, undefined, behindHead);
  }

  /** the grace period is over: every message not being attempted right now leaves; returns how many were dropped */
  abandon(): number {
    let dropped = 0;
    for (const lane of [...this.lanes.values()]) {
      lane.retry?.cancel();
      lane.retry = null;
      const left = lane.entries.splice(lane.busy ? 1 : 0);
      for (const entry of left) {
        if (!this.backlog.carryOverOrDrop(lane.platform, entry, 'delivery dropped: the service stopped before it was sent')) dropped++;
      }
      if (!lane.busy) this.forget(lane);
    }
    this.held.clear();
    return dropped;
  }

  private slotsOf(platform: PlatformPlugin): PlatformSlots<Lane> {
    let slots = this.slotsByPlatform.get(platform.name);
    if (!slots) {
      slots = new PlatformSlots<Lane>(platform.concurrency ?? DEFAULT_CONCURRENCY, this.runHead);
      this.slotsByPlatform.set(platform.name, slots);
    }
    return slots;
  }

  /** holds the platform slot for one attempt; a retry waits without a slot and queues again (one function for all lanes) */
  private readonly runHead = async (lane: Lane): Promise<void> => {
    const entry = lane.entries[0];
    if (!entry) {
      this.forget(lane);
      return;
    }
    // paused while it waited for its slot: it gives the slot back and waits for the resume
    if (this.pausedNow) {
      this.held.add(lane);
      return;
    }
    let step: Step;
    lane.busy = true;
    try {
      step = await this.heads.deliver(lane, entry);
    } catch (err) {
      step = this.backlog.drop(lane.platform, entry, 'error', 'error', 'delivery queue error; message dropped', { err: describeError(err) });
    }
    lane.busy = false;
    if (!step.done) {
      if (!this.backlog.stopped) {
        const { waitMs } = step;
        lane.retry = this.timers.setTimeout(() => {
          lane.retry = null;
          this.line(lane);
        }, waitMs);
        return;
      }
      this.backlog.carryOverOrDrop(lane.platform, entry, 'delivery dropped: the service stopped before the retry', { attempts: entry.failures });
    }
    this.advance(lane);
  };

  /** the head is finished: the destination's next message gets in line for a slot */
  private advance(lane: Lane): void {
    lane.entries.shift();
    this.resume(lane);
  }

  /**
   * a lane with messages gets in line for a slot, unless too many of its finished deliveries are unrecorded; a lane
   * without messages is forgotten once the journal holds all it finished (until then a new message must wait too)
   */
  private resume(lane: Lane): void {
    if (lane.entries.length === 0) {
      if (lane.unrecorded === 0) this.forget(lane);
      return;
    }
    if (lane.unrecorded >= UNRECORDED_PER_DESTINATION) {
      lane.blocked = true;
      return;
    }
    this.line(lane);
  }

  /** the lane gets in line for a slot of its platform; while paused it is held instead */
  private line(lane: Lane): void {
    if (this.pausedNow) this.held.add(lane);
    else this.slotsOf(lane.platform).enqueue(lane);
  }

  /** the journal holds the outcome of one finished delivery of this lane: a waiting or emptied lane goes on */
  private readonly recorded = (lane: Lane): void => {
    // a lane with messages that is not blocked is in line for a slot, being attempted or waiting to retry
    if (lane.entries.length > 0 && !lane.blocked) return;
    lane.blocked = false;
    this.resume(lane);
  };

  private forget(lane: Lane): void {
    if (this.lanes.get(lane.key) === lane) this.lanes.delete(lane.key);
  }
}
