/**
 * A destination of the delivery queue (a lane: its messages in order) and its messages, with the rule that keeps a
 * destination waiting while the journal does not hold the outcome of its previous delivery.
 */
import type { DeliveryJob, PlatformPlugin } from '../contract.ts';
import type { DeliveryReceipt, DurableListener } from '../journal/types.ts';
import type { TimerHandle } from './timers.ts';

/**
 * Finished deliveries of one destination the journal may not hold yet before its next message waits for a commit:
 * one, so a crash can send a destination at most the one delivery it was busy with again, however slow the commits
 * are (more would let a burst to one destination go out faster than commits land, and come back as duplicates).
 */
export const UNRECORDED_PER_DESTINATION = 1;

/** One message in a lane. */
export class Entry {
  /** attempts that failed (a rate-limit wait is not one) */
  failures = 0;
  /** waits the platform asked for (429): they cost no attempt, but the alert's expiry still bounds them */
  rateLimited = 0;
  /** queued while deliveries were paused (maintenance): named in the log line if it goes stale (stale.ts) */
  held = false;

  constructor(
    readonly job: DeliveryJob,
    readonly lane: Lane,
    /** a message the queue itself sends (limit notices, reports): never limited, outside the capacity */
    readonly internal: boolean,
    /** the journal's receipt: settled when the entry finishes; an unsettled one goes to the next start */
    readonly receipt: DeliveryReceipt | undefined,
  ) {}
}

/**
 * One destination: its messages in order; it exists while it has messages or unrecorded finished ones. It is the
 * listener of its settled receipts (so a finished message, its job and rendered text, is not kept alive until the
 * journal's commit: only the count is).
 */
export class Lane implements DurableListener {
  readonly entries: Entry[] = [];
  /** the head is being attempted */
  busy = false;
  /** the wait before the head's next attempt */
  retry: TimerHandle | null = null;
  /** finished deliveries whose outcome the journal does not hold yet */
  unrecorded = 0;
  /** has messages but waits for the journal to hold the outcome of earlier ones (see UNRECORDED_PER_DESTINATION) */
  blocked = false;

  constructor(
    readonly key: string,
    readonly platform: PlatformPlugin,
    /** what the queue does once a finished delivery of this lane is recorded */
    private readonly onRecorded: (lane: Lane) => void,
  ) {}

  /** the journal holds the outcome of one more finished delivery of this destination */
  durable(): void {
    this.unrecorded--;
    this.onRecorded(this);
  }
}
