/**
 * The durable journal over a JournalStore: entries are written before a request is answered, finished deliveries
 * are recorded as they settle (one record per commit), finished entries are deleted and the key records that name
 * only finished entries pruned, all in group commits (one store write per event-loop
 * turn at most, and never two at once). A settled receipt's listener is told once its record is committed, so a delivery
 * counts as in flight until then. When the store fails, the journal keeps working from memory (nothing is refused,
 * nothing waits on the broken store), counts what it could not make durable and retries the pending records; an
 * entry that cannot be written as text (a webhook nested too deep for JSON.stringify) goes the same memory-only way.
 */
import type { Logger } from '../log/logger.ts';
import { describeError } from '../errors.ts';
import { recoveredWork } from './recovered.ts';
import type { DeliveryReceipt, DurableListener, Journal, JournalStore, RecoveredWork, StoredEntry, StoredJob, WorkTicket, WriteBatch } from './types.ts';

/** What the journal counts (a subset of the app's metrics). */
export interface JournalMetrics {
  readonly journalOpenEntries: { set(value: number): void };
  readonly journalWrites: { inc(labels: { outcome: 'ok' | 'failed' }): void };
  /** items and jobs accepted while the store could not be written: processed from memory only */
  readonly journalBypassed: { inc(labels: { kind: 'webhooks' | 'jobs' }, value?: number): void };
}

export interface JournalOptions {
  readonly store: JournalStore;
  readonly log: Logger;
  readonly metrics: JournalMetrics;
  readonly now?: () => number;
  /** after a failed write, how long new requests skip the store and pending records wait; default 5 s */
  readonly retryAfterFailureMs?: number;
  /** the longest a request or a destination waits for a commit; a slower one counts as failed for them; default 3 s */
  readonly commitWaitMs?: number;
}

const DEFAULT_RETRY_MS = 5000;
const DEFAULT_COMMIT_WAIT_MS = 3000;
/** how often the records of finished keys are pruned (a range delete riding on a commit) */
const PRUNE_EVERY_MS = 1000;

/** One open entry: how many of its items the pipeline still has, how many deliveries are unsettled. */
class OpenEntry {
  unprocessed: number;
  outstanding = 0;
  /** finished-delivery keys not yet written */
  keys: string[] = [];
  finished = false;
  /** false once the entry is known not to be stored: its finished deliveries are not recorded */
  persisted: boolean;
  /** the store may hold the entry (a failed insert may still have landed): it is deleted when finished */
  mayExist: boolean;

  constructor(
    readonly id: number,
    readonly kind: StoredEntry['kind'],
    readonly items: number,
    stored: boolean,
    /** keys finished before a restart */
    readonly done: ReadonlySet<string> | null,
  ) {
    this.unprocessed = items;
    this.persisted = stored;
    this.mayExist = stored;
  }
}

/**
 * A commit in preparation, and who waits for it: `promise` says whether it worked (null when it had not ended
 * `waitMs` after it was asked for: a hung store holds no request and no destination for longer than that), and the
 * listeners of settled receipts are told when it ends (one array push per delivery, no promise).
 */
class Flush {
  readonly promise: Promise<boolean | null>;
  private resolvePromise!: (ok: boolean | null) => void;
  private readonly waiters: DurableListener[] = [];
  private ended = false;
  private readonly timer: NodeJS.Timeout;

  constructor(waitMs: number) {
    this.promise = new Promise((resolve) => (this.resolvePromise = resolve));
    this.timer = setTimeout(() => this.end(null), waitMs);
    this.timer.unref?.();
  }

  /** tells `listener` when the commit has ended (or the wait ran out) */
  onEnd(listener: DurableListener): void {
    if (this.ended) listener.durable();
    else this.waiters.push(listener);
  }

  end(ok: boolean | null): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    this.resolvePromise(ok);
    for (const listener of this.waiters) listener.durable();
    this.waiters.length = 0;
  }
}

export async function openJournal(o: JournalOptions): Promise<Journal> {
  const now = o.now ?? Date.now;
  const retryMs = o.retryAfterFailureMs ?? DEFAULT_RETRY_MS;
  const commitWaitMs = o.commitWaitMs ?? DEFAULT_COMMIT_WAIT_MS;
  const { entries: recovered, maxId } = await o.store.open();
  let nextId = maxId + 1;
  const open = new Map<number, OpenEntry>();
  let inserts: { readonly stored: StoredEntry; readonly entry: OpenEntry }[] = [];
  let dirty: OpenEntry[] = [];
  let deletes: number[] = [];
  let next: Flush | null = null;
  let scheduled = false;
  let writing = false;
  let closed = false;
  let failedUntil = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  /** key records naming only entries below this id are pruned (committed), and when that was last asked */
  let prunedBelow = 0;
  let prunedAt = 0;

  const healthy = (): boolean => failedUntil === 0 || failedUntil <= now();
  const gauge = (): void => o.metrics.journalOpenEntries.set(open.size);

  const pendingWork = (): boolean => inserts.length > 0 || dirty.length > 0 || deletes.length > 0;

  const schedule = (): Flush => {
    next ??= new Flush(commitWaitMs);
    if (!scheduled && !writing) {
      scheduled = true;
      setImmediate(flush);
    }
    return next;
  };

  const batchOf = (): { batch: WriteBatch; written: typeof inserts; keyed: { entry: OpenEntry; keys: string[] }[]; deleted: number[] } => {
    const written = inserts;
    const keyed: { entry: OpenEntry; keys: string[] }[] = [];
    for (const entry of dirty) {
      if (!entry.finished && entry.persisted && entry.keys.length > 0) keyed.push({ entry, keys: entry.keys });
      entry.keys = [];
    }
    const deleted = deletes;
    inserts = [];
    dirty = [];
    deletes = [];
    // every entry below the oldest open one is finished (entries are opened in id order, and a Map keeps that order)
    const lowest = open.size > 0 ? (open.keys().next().value as number) : nextId;
    const pruneBelow = lowest > prunedBelow && now() - prunedAt >= PRUNE_EVERY_MS ? lowest : null;
    const batch: WriteBatch = {
      inserts: written.map((w) => w.stored),
      done: keyed.map((k) => ({ entryId: k.entry.id, keys: k.keys })),
      deletes: deleted,
      pruneBelow,
    };
    return { batch, written, keyed, deleted };
  };

  /** a failed commit: nothing of it is durable; the records are kept for the next try */
  const failed = (err: unknown, parts: ReturnType<typeof batchOf>): void => {
    o.metrics.journalWrites.inc({ outcome: 'failed' });
    if (healthy()) o.log.error({ err: describeError(err), store: o.store.description, retryInMs: retryMs }, 'journal write failed; requests are kept in memory only until it works again');
    failedUntil = now() + retryMs;
    for (const { entry } of parts.written) {
      entry.persisted = false;
      o.metrics.journalBypassed.inc({ kind: entry.kind }, entry.items);
    }
    for (const { entry, keys } of parts.keyed) {
      if (entry.finished) continue;
      entry.keys.unshift(...keys);
      dirty.push(entry);
    }
    deletes.unshift(...parts.deleted);
    retryTimer ??= setTimeout(() => {
      retryTimer = null;
      if (pendingWork()) schedule();
    }, retryMs);
    retryTimer.unref?.();
  };

  async function flush(): Promise<void> {
    scheduled = false;
    const waiting = next;
    next = null;
    if (!pendingWork()) {
      waiting?.end(true);
      return;
    }
    writing = true;
    const parts = batchOf();
    let ok = true;
    try {
      await o.store.write(parts.batch);
      o.metrics.journalWrites.inc({ outcome: 'ok' });
      if (parts.batch.pruneBelow !== null) {
        prunedBelow = parts.batch.pruneBelow;
        prunedAt = now();
      }
      if (failedUntil > 0) {
        failedUntil = 0;
        o.log.info({ store: o.store.description }, 'journal writes work again');
      }
    } catch (err) {
      ok = false;
      failed(err, parts);
    } finally {
      writing = false;
    }
    waiting?.end(ok);
    if (next && !scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  }

  const finishIfDone = (entry: OpenEntry): void => {
    if (entry.finished || entry.unprocessed > 0 || entry.outstanding > 0) return;
    entry.finished = true;
    open.delete(entry.id);
    gauge();
    if (entry.mayExist) {
      deletes.push(entry.id);
      schedule();
    }
  };

  const settle = (entry: OpenEntry, key: string, listener: DurableListener): void => {
    entry.outstanding--;
    if (!entry.persisted || closed) {
      finishIfDone(entry);
      return listener.durable();
    }
    entry.keys.push(key);
    if (entry.keys.length === 1) dirty.push(entry);
    finishIfDone(entry);
    const commit = schedule();
    // while the store fails, nobody waits for it (the record is retried in the background)
    if (healthy()) commit.onEnd(listener);
    else listener.durable();
  };

  class Receipt implements DeliveryReceipt {
    constructor(
      private readonly entry: OpenEntry,
      private readonly key: string,
    ) {}
    settle(listener: DurableListener): void {
      settle(this.entry, this.key, listener);
    }
  }

  class Ticket implements WorkTicket {
    private processedOnce = false;
    constructor(
      private readonly entry: OpenEntry,
      private readonly index: number,
    ) {}
    get durable(): boolean {
      return this.entry.persisted;
    }
    finished(key: string): boolean {
      return this.entry.done !== null && this.entry.done.has(`${this.index}:${key}`);
    }
    receipt(key: string): DeliveryReceipt {
      this.entry.outstanding++;
      return new Receipt(this.entry, `${this.index}:${key}`);
    }
    processed(): void {
      if (this.processedOnce) return;
      this.processedOnce = true;
      this.entry.unprocessed--;
      finishIfDone(this.entry);
    }
  }

  const ticketsFor = (entry: OpenEntry, count: number): WorkTicket[] => Array.from({ length: count }, (_, i) => new Ticket(entry, i));

  /** the entry's text, or null when it has none: JSON.stringify throws on a webhook nested deeper than its stack */
  const textOf = (kind: StoredEntry['kind'], count: number, body: () => string): string | null => {
    try {
      return body();
    } catch (err) {
      o.log.warn({ kind, items: count, reason: describeError(err) }, 'journal entry cannot be written as text; its items are processed from memory only');
      return null;
    }
  };

  const record = async (kind: StoredEntry['kind'], count: number, body: () => string, receivedAt: number): Promise<readonly WorkTicket[]> => {
    if (count === 0) return [];
    const id = nextId++;
    const text = closed || !healthy() ? null : textOf(kind, count, body);
    if (text === null) {
      o.metrics.journalBypassed.inc({ kind }, count);
      return ticketsFor(new OpenEntry(id, kind, count, false, null), count);
    }
    const entry = new OpenEntry(id, kind, count, true, null);
    open.set(id, entry);
    gauge();
    inserts.push({ stored: { id, kind, receivedAt, body: text }, entry });
    if ((await schedule().promise) === null && entry.persisted) {
      // the store is too slow to wait for: the items go on from memory (the entry, should it land, is deleted when finished)
      entry.persisted = false;
      o.metrics.journalBypassed.inc({ kind }, count);
      o.log.warn({ kind, items: count, waitedMs: commitWaitMs, store: o.store.description }, 'journal commit too slow; the items are processed from memory only');
    }
    return ticketsFor(entry, count);
  };

  const recoveredEntries: RecoveredWork[] = [];
  for (const stored of recovered) {
    const work = recoveredWork(stored, (items) => {
      const entry = new OpenEntry(stored.id, stored.kind === 'jobs' ? 'jobs' : 'webhooks', items, true, stored.done);
      open.set(stored.id, entry);
      if (items === 0) finishIfDone(entry);
      return ticketsFor(entry, items);
    });
    if (work) recoveredEntries.push(work);
    else {
      o.log.error({ entryId: stored.id, kind: stored.kind, store: o.store.description }, 'journal entry unreadable; it is dropped');
      deletes.push(stored.id);
    }
  }
  gauge();
  if (deletes.length > 0) schedule();
  let recoveredTaken = false;

  return {
    recordWebhooks(items, receivedAt, rawBody) {
      return record('webhooks', items.length, () => rawBody ?? JSON.stringify(items), receivedAt);
    },
    recordJobs(jobs: readonly StoredJob[], receivedAt) {
      return record('jobs', jobs.length, () => JSON.stringify(jobs), receivedAt);
    },
    takeRecovered() {
      if (recoveredTaken) return [];
      recoveredTaken = true;
      return recoveredEntries;
    },
    get openEntries() {
      return open.size;
    },
    get healthy() {
      return healthy();
    },
    async close() {
      if (closed) return;
      if (retryTimer) clearTimeout(retryTimer);
      failedUntil = 0;
      // what is pending is committed (a commit under way first); a store that fails now keeps the rest open
      for (let round = 0; round < 3 && (writing || scheduled || pendingWork()); round++) {
        if ((await schedule().promise) !== true) break;
      }
      closed = true;
      await o.store.close();
    },
  };
}
