/**
 * The journal's contract: what intake, the pipeline and the delivery queue see of it (tickets and receipts), and
 * the small storage interface behind it (`JournalStore`), which the embedded SQLite and MySQL stores implement and
 * a distributed backend could implement later.
 *
 * An entry is one accepted request: the webhook items of one `POST /`, or the jobs of one API message. It is written
 * before the request is answered and deleted once every item is processed and every delivery it produced has
 * finished (sent or dropped for a counted reason). Each finished delivery is recorded under a key, so a replay after
 * a crash skips what was already sent.
 */
import type { DeliveryJob } from '../contract.ts';

/** What an entry holds: webhook items (replayed through the pipeline) or delivery jobs (replayed to the queue). */
export type EntryKind = 'webhooks' | 'jobs';

/** One entry as stored. `body` is JSON text: an array of `{type, message}` or of `StoredJob`. */
export interface StoredEntry {
  readonly id: number;
  readonly kind: EntryKind;
  readonly receivedAt: number;
  readonly body: string;
}

/** The key of the one delivery of a job in a `jobs` entry. */
export const JOB_KEY = 'job';

/** A delivery job as a `jobs` entry keeps it: the job and the name of the platform it was queued for. */
export interface StoredJob {
  readonly platform: string;
  readonly job: DeliveryJob;
}

/** An entry found at start (its kind as stored), with the keys of the deliveries it had finished before the stop or crash. */
export interface RecoveredEntry extends Omit<StoredEntry, 'kind'> {
  readonly kind: string;
  readonly done: ReadonlySet<string>;
}

/** Everything one commit writes, atomically. */
export interface WriteBatch {
  readonly inserts: readonly StoredEntry[];
  /** finished-delivery keys of entries that stay open: stored as one record (none when empty) */
  readonly done: readonly { readonly entryId: number; readonly keys: readonly string[] }[];
  /** entries that are finished */
  readonly deletes: readonly number[];
  /** every entry below this id is finished: the key records that name only such entries may go */
  readonly pruneBelow: number | null;
}

/** Storage of the journal. One writer (this process) at a time. */
export interface JournalStore {
  /** a description for logs, e.g. the file or database */
  readonly description: string;
  /** creates what is missing and reads the entries left open, oldest first, and the highest entry id it knows of */
  open(): Promise<{ readonly entries: readonly RecoveredEntry[]; readonly maxId: number }>;
  /** commits one batch; resolves once it would survive the process being killed */
  write(batch: WriteBatch): Promise<void>;
  close(): Promise<void>;
}

/** Told once the record of a settled delivery is durable. (An object, not a closure: one is settled per delivery.) */
export interface DurableListener {
  durable(): void;
}

/**
 * One finished delivery of a journaled request. `settle` records it and tells `listener` once the record is
 * committed (or the journal gave up waiting for that; it is told exactly once, possibly at once). Until then the
 * delivery counts as in flight.
 */
export interface DeliveryReceipt {
  settle(listener: DurableListener): void;
}

/** Settles a receipt and resolves once its record is durable. */
export function settled(receipt: DeliveryReceipt): Promise<void> {
  return new Promise((resolve) => receipt.settle({ durable: resolve }));
}

/** One journaled webhook item or job, as the pipeline and the queue hold it. */
export interface WorkTicket {
  /** whether the entry reached storage (false while the journal is unavailable: the item is kept in memory only) */
  readonly durable: boolean;
  /** whether the delivery to one recipient of this item (`key` names it: plugin and human) finished before a restart */
  finished(key: string): boolean;
  /** the receipt for the delivery to one recipient of this item, taken as it is handed to the queue */
  receipt(key: string): DeliveryReceipt;
  /** the item is through the pipeline: every delivery it will produce has been handed to the queue */
  processed(): void;
}

/** The journal as the app uses it. */
export interface Journal {
  /** records the accepted webhook items of one request; resolves once durable (or known not to be) */
  recordWebhooks(items: readonly unknown[], receivedAt: number, rawBody: string | null): Promise<readonly WorkTicket[]>;
  /** records delivery jobs queued outside the pipeline (API messages); one ticket per job */
  recordJobs(jobs: readonly StoredJob[], receivedAt: number): Promise<readonly WorkTicket[]>;
  /** the entries left open by the previous run, with tickets to replay them (taken once) */
  takeRecovered(): readonly RecoveredWork[];
  /** open entries now */
  readonly openEntries: number;
  /** whether the last write reached storage */
  readonly healthy: boolean;
  /** writes what is pending, then closes the store; what is still open stays for the next start */
  close(): Promise<void>;
}

/** An entry of the previous run, ready to be replayed: its items (webhook items or jobs), each with its ticket. */
export type RecoveredWork =
  | { readonly kind: 'webhooks'; readonly id: number; readonly receivedAt: number; readonly items: readonly { readonly item: unknown; readonly ticket: WorkTicket }[] }
  | { readonly kind: 'jobs'; readonly id: number; readonly receivedAt: number; readonly items: readonly { readonly item: StoredJob; readonly ticket: WorkTicket }[] };
