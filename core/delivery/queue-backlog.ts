/**
 * The delivery queue's entries from admission to their end: at most `capacity` accepted alerts are unfinished at
 * once (dispatch waits for room); a finished entry is handed to the journal before anyone can see the queue idle;
 * once the queue stops, a journaled entry is carried over to the next start and any other is dropped.
 */
import type { DeliveryJob, PlatformPlugin } from '../contract.ts';
import type { DeliveryReceipt } from '../journal/types.ts';
import { Admission, type AdmissionDecision } from './admission.ts';
import type { Entry } from './lane.ts';
import type { DropReason, LogLevel, QueueReport } from './queue-report.ts';

/** What to do with a lane's head after an attempt: it is finished, or it is retried after `waitMs`. */
export type Step = { readonly done: true } | { readonly done: false; readonly waitMs: number };

export const DONE: Step = { done: true };

const RESOLVED: Promise<void> = Promise.resolve();

export class QueueBacklog {
  private readonly admission: Admission;
  private unfinished = 0;
  private idleWaiters: (() => void)[] = [];
  private stoppedNow = false;
  private carried = 0;

  constructor(
    capacity: number,
    private readonly report: QueueReport,
  ) {
    this.admission = new Admission(capacity);
  }

  /** the queue takes no more entries (it closed, or its grace period is over) */
  get stopped(): boolean {
    return this.stoppedNow;
  }

  /** journaled entries the stop left unfinished: the journal hands them to the next start */
  get carriedOver(): number {
    return this.carried;
  }

  /** entries queued and not finished */
  get inFlight(): number {
    return this.unfinished;
  }

  /** takes a place for an alert when one is free and nobody waits before it */
  tryAdmit(): boolean {
    return this.admission.tryAcquire();
  }

  /** waits for a place; `decide` is told once a place is handed over, or the queue stopped first */
  waitForAdmission(decide: AdmissionDecision): void {
    this.admission.wait(decide);
  }

  /** an entry joins the queue */
  enter(platform: PlatformPlugin): void {
    this.unfinished++;
    this.report.metrics.deliveryQueueDepth.inc({ platform: platform.name });
  }

  /** an entry is finished (sent or dropped): the journal records it (before anyone can see the queue idle) */
  finish(platform: PlatformPlugin, entry: Entry): Step {
    if (entry.receipt) {
      // counted first: the receipt may be told at once (the entry was never stored)
      entry.lane.unrecorded++;
      entry.receipt.settle(entry.lane);
    }
    this.leave(platform, entry);
    return DONE;
  }

  drop(platform: PlatformPlugin, entry: Entry, reason: DropReason, level: LogLevel, message: string, extra: Record<string, unknown> = {}): Step {
    this.report.dropped(platform, entry.job, reason, level, message, extra);
    return this.finish(platform, entry);
  }

  /** the service stops before the entry is finished: a journaled one waits for the next start (true), others are dropped */
  carryOverOrDrop(platform: PlatformPlugin, entry: Entry, message: string, extra: Record<string, unknown> = {}): boolean {
    if (entry.receipt) {
      this.leave(platform, entry);
      this.carried++;
      return true;
    }
    this.drop(platform, entry, 'shutdown', 'warn', message, extra);
    return false;
  }

  /** a dispatch the queue could not take any more (it is stopping): a journaled one is left for the next start */
  refuse(job: DeliveryJob, platform: PlatformPlugin, receipt: DeliveryReceipt | undefined): void {
    if (receipt) {
      this.carried++;
      this.report.log.info({ ...this.report.fields(platform, job) }, 'delivery left in the journal for the next start: the service is stopping');
      return;
    }
    this.report.dropped(platform, job, 'shutdown', 'warn', 'delivery dropped: the service is stopping', {});
  }

  /** refuses every waiting and later dispatch */
  stop(): void {
    this.stoppedNow = true;
    this.admission.close();
  }

  idle(): boolean {
    return this.unfinished === 0 && this.admission.waiters === 0;
  }

  /** resolves once nothing is queued and nobody waits for a place */
  drain(): Promise<void> {
    return this.idle() ? RESOLVED : new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /** an entry leaves the queue: its place goes to the next waiting producer */
  private leave(platform: PlatformPlugin, entry: Entry): void {
    this.report.metrics.deliveryQueueDepth.dec({ platform: platform.name });
    if (!entry.internal) this.admission.release();
    this.unfinished--;
    if (this.unfinished === 0 && this.admission.waiters === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }
}
