/**
 * A sent message waiting to be deleted at its alert's expiry (`clean` rules), and the rule deciding which
 * deliveries need one.
 */
import type { DeliveryJob, PlatformPlugin } from '../contract.ts';

export interface PendingDeletion {
  /** the name of the platform plugin that sent the messages */
  readonly platform: string;
  readonly target: DeliveryJob['target'];
  readonly messageIds: readonly string[];
  /** unix ms at which they are deleted */
  readonly at: number;
  /** the event the messages were about (logs) */
  readonly eventId: string;
}

/** The `clean` bit of a rule that asks for deletion at expiry. */
const CLEAN_ON_EXPIRY = 1;

/** The deletion a delivery calls for: a `clean & 1` rule, a known expiry, message ids and a platform able to delete. */
export function deletionFor(job: DeliveryJob, messageIds: readonly string[] | undefined, platform: PlatformPlugin): PendingDeletion | null {
  if ((job.clean & CLEAN_ON_EXPIRY) === 0 || job.expiresAt === null) return null;
  if (!messageIds || messageIds.length === 0 || !platform.remove) return null;
  return { platform: platform.name, target: job.target, messageIds: [...messageIds], at: job.expiresAt, eventId: job.meta.eventId };
}
