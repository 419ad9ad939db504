/**
 * The sent-message memory: per (thing, recipient), the message an alert about that thing became — which platform
 * sent it and the ids it answered — until the thing is over. Edits in place (`edit` rules) and reply chains look the
 * earlier message up here; anything may record and look up through the same two calls (`record(key, target, sent)`,
 * `lookup(key, target)`), keyed by whatever names the thing (AlertPlugin.editKey, e.g. `raid:<gym>:<end>`);
 * `recipients(key)` lists who got a message about a key (AlertPlugin.followUpKey).
 *
 * Bounded: at most `capacity` entries, the least recently recorded forgotten first; an entry past its `until` reads
 * as absent and is swept out as records go on. Kept across restarts in a file (sent-file.ts), saved ten seconds after
 * changes (the whole memory is one file, so not more often; a crash forgets at most that much, and those alerts are
 * sent as new messages) and on stop; what expired meanwhile is dropped at load.
 */
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { DebouncedSave } from './debounced-save.ts';
import type { SentStore } from './sent-file.ts';
import { realTimers, type DeliveryTimers } from './timers.ts';

/** Who a message went to: the delivery target's id and humans.type. */
export interface SentTarget {
  readonly id: string;
  readonly type: string;
}

/** A message as the memory keeps it. */
export interface SentMessage {
  /** the platform plugin that sent it (only it can edit it or reply to it) */
  readonly platform: string;
  /** what its `deliver` (or `edit`) answered */
  readonly messageIds: readonly string[];
  /** unix ms after which it is forgotten */
  readonly until: number;
}

/** One remembered message with what it is about and who got it (the file's entries). */
export interface SentEntry extends SentMessage {
  readonly key: string;
  readonly target: SentTarget;
}

export interface SentMessagesOptions {
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly store: SentStore;
  /** most entries kept ([tuning] sent_message_memory) */
  readonly capacity: number;
  readonly now?: () => number;
  readonly timers?: DeliveryTimers;
  /** how long changes gather before the file is written; default 10 s */
  readonly saveDelayMs?: number;
}

const DEFAULT_SAVE_DELAY_MS = 10_000;

/** records between sweeps of expired entries */
const SWEEP_EVERY = 1000;

function slot(key: string, target: SentTarget): string {
  return `${key}\u0000${target.type}\u0000${target.id}`;
}

export class SentMessages {
  /** in recording order (a new record of a slot moves it last), so the first entry is the one to forget */
  private readonly entries = new Map<string, SentEntry>();
  /** key → the slots of its entries, for `recipients` */
  private readonly byKey = new Map<string, Set<string>>();
  private readonly save: DebouncedSave;
  private readonly now: () => number;
  private sinceSweep = 0;
  private stopped = false;

  constructor(private readonly o: SentMessagesOptions) {
    this.now = o.now ?? Date.now;
    this.save = new DebouncedSave({
      log: o.log,
      timers: o.timers ?? realTimers,
      delayMs: o.saveDelayMs ?? DEFAULT_SAVE_DELAY_MS,
      write: () => o.store.save(this.live()),
      what: 'sent-message memory',
    });
  }

  /** entries held (expired ones not yet swept included) */
  get size(): number {
    return this.entries.size;
  }

  /** remembers (or replaces) the message `target` got about `key`; ignored once it is past its `until` */
  record(key: string, target: SentTarget, sent: SentMessage): void {
    if (this.o.capacity <= 0 || sent.messageIds.length === 0) return;
    const at = this.now();
    if (sent.until <= at) return;
    if (++this.sinceSweep >= SWEEP_EVERY) this.sweep(at);
    const id = slot(key, target);
    this.entries.delete(id);
    this.put(id, { key, target: { id: target.id, type: target.type }, platform: sent.platform, messageIds: [...sent.messageIds], until: sent.until });
    while (this.entries.size > this.o.capacity) this.drop(this.entries.keys().next().value as string);
    this.changed();
  }

  /** the message `target` got about `key`, or null when none is remembered (or it is over) */
  lookup(key: string, target: SentTarget): SentMessage | null {
    const id = slot(key, target);
    const entry = this.entries.get(id);
    if (!entry) return null;
    if (entry.until > this.now()) return entry;
    this.drop(id);
    this.changed();
    return null;
  }

  /** who got a message about `key` that is remembered (and not over), in no particular order */
  recipients(key: string): SentTarget[] {
    const slots = this.byKey.get(key);
    if (!slots) return [];
    const at = this.now();
    const out: SentTarget[] = [];
    for (const id of slots) {
      const entry = this.entries.get(id);
      if (entry && entry.until > at) out.push(entry.target);
    }
    return out;
  }

  /** forgets the message `target` got about `key` */
  forget(key: string, target: SentTarget): void {
    if (this.drop(slot(key, target))) this.changed();
  }

  /** loads what the previous run remembered, less what is over (and beyond the capacity, oldest first) */
  async start(): Promise<void> {
    const at = this.now();
    const loaded = (await this.o.store.load()).filter((e) => e.until > at);
    for (const entry of loaded) {
      // a message recorded since the start (a replayed alert) is newer than the file's
      const id = slot(entry.key, entry.target);
      if (!this.entries.has(id)) this.put(id, entry);
    }
    while (this.entries.size > Math.max(0, this.o.capacity)) this.drop(this.entries.keys().next().value as string);
    if (loaded.length > 0) this.o.log.info({ messages: this.entries.size }, 'sent-message memory restored');
    this.o.metrics.sentRemembered.set(this.entries.size);
  }

  /** writes the memory now and stops the timed writes */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.save.stop();
  }

  /** writes the memory when it changed since the last write */
  flush(): Promise<void> {
    return this.save.flush();
  }

  private live(): SentEntry[] {
    const at = this.now();
    return [...this.entries.values()].filter((e) => e.until > at);
  }

  private sweep(at: number): void {
    this.sinceSweep = 0;
    for (const [id, entry] of this.entries) if (entry.until <= at) this.drop(id);
  }

  private put(id: string, entry: SentEntry): void {
    this.entries.set(id, entry);
    let slots = this.byKey.get(entry.key);
    if (!slots) this.byKey.set(entry.key, (slots = new Set()));
    slots.add(id);
  }

  /** removes an entry and its place in the key index; false when there was none */
  private drop(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    this.entries.delete(id);
    const slots = this.byKey.get(entry.key);
    if (slots) {
      slots.delete(id);
      if (slots.size === 0) this.byKey.delete(entry.key);
    }
    return true;
  }

  private changed(): void {
    this.o.metrics.sentRemembered.set(this.entries.size);
    if (!this.stopped) this.save.changed();
  }
}
