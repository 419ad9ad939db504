/**
 * The recent events of every alert type, kept to answer "why didn't I get this alert?": a bounded ring per plugin
 * (by count and by age), each event with where it was, when it was matched, and what became of the alerts made
 * from it per recipient (delivered at, latency, or dropped and why), recorded as deliveries finish. Recording is
 * a slot write and a map insert: the parsed event is the object already in memory, nothing is copied. The memory
 * held is estimated from a sample of the events' JSON sizes.
 */
import type { EventLocation } from '../contract.ts';

/** What became of one recipient's alert from an event. */
export type AlertOutcome =
  | { readonly kind: 'delivered'; readonly at: number; readonly latencyMs: number; readonly platform: string; readonly edited?: boolean }
  | { readonly kind: 'dropped'; readonly at: number; readonly reason: string; readonly platform: string }
  | { readonly kind: 'held'; readonly at: number; readonly reason: string };

export interface HistoryEntry {
  readonly eventId: string;
  readonly plugin: string;
  readonly event: unknown;
  readonly receivedAt: number;
  /** when it was matched: the time its checks are explained at */
  readonly matchedAt: number;
  readonly location: EventLocation | null;
  /** lower-cased names of the geofences containing it */
  readonly areaNames: ReadonlySet<string>;
  /** recipients the matcher chose (their count) */
  readonly matched: number;
  /** rejected as a repeat of an event seen before (nothing was matched for it) */
  readonly duplicate: boolean;
  /**
   * what became of each recipient's alert: human id and outcome, one pair after the other (a flat list costs less to
   * keep than a map, and it is read only when an event is explained); made on the first outcome
   */
  outcomes: (string | AlertOutcome)[] | null;
}

/** what became of `humanId`'s alert from the entry's event, if recorded (the last record wins) */
export function outcomeOf(entry: HistoryEntry, humanId: string): AlertOutcome | undefined {
  const list = entry.outcomes;
  if (!list) return undefined;
  for (let i = list.length - 2; i >= 0; i -= 2) if (list[i] === humanId) return list[i + 1] as AlertOutcome;
  return undefined;
}

interface Ring {
  readonly slots: (HistoryEntry | undefined)[];
  /** the kept entries by the service's event id (the id string the pipeline carries: its hash is computed once) */
  readonly byId: Map<string, HistoryEntry>;
  /** position of the oldest entry */
  start: number;
  count: number;
  /** average JSON length of the sampled events, characters */
  sampledChars: number;
  samples: number;
  recorded: number;
}

/** one event in SAMPLE_EVERY is measured for the memory estimate */
const SAMPLE_EVERY = 256;
/** bytes an entry costs besides its event's own fields (the entry, its slot, its map entry) */
const ENTRY_OVERHEAD = 200;

export interface EventHistoryOptions {
  /** entries kept per plugin (0 = none) */
  readonly perType: number;
  readonly maxAgeMs: number;
  readonly now: () => number;
}

export class EventHistory {
  private readonly rings = new Map<string, Ring>();

  constructor(private readonly o: EventHistoryOptions) {}

  get enabled(): boolean {
    return this.o.perType > 0;
  }

  /** keeps `entry` (its `outcomes` null: they come later) */
  record(entry: HistoryEntry): void {
    if (this.o.perType === 0) return;
    let ring = this.rings.get(entry.plugin);
    if (!ring) {
      ring = { slots: new Array<HistoryEntry | undefined>(this.o.perType), byId: new Map(), start: 0, count: 0, sampledChars: 0, samples: 0, recorded: 0 };
      this.rings.set(entry.plugin, ring);
    }
    if (ring.count === this.o.perType) this.evictOldest(ring);
    this.expire(ring, entry.matchedAt);
    ring.slots[(ring.start + ring.count) % this.o.perType] = entry;
    ring.count++;
    ring.byId.set(entry.eventId, entry);
    if (ring.recorded++ % SAMPLE_EVERY === 0) this.sample(ring, entry.event);
  }

  /** what became of `humanId`'s alert from `plugin`'s event `eventId` (ignored when the event is no longer kept) */
  outcome(plugin: string, eventId: string, humanId: string, outcome: AlertOutcome): void {
    const entry = this.rings.get(plugin)?.byId.get(eventId);
    if (!entry) return;
    (entry.outcomes ??= []).push(humanId, outcome);
  }

  /** the entries of a service event id (one per plugin that took the item), still kept and not too old */
  byEventId(eventId: string): HistoryEntry[] {
    const found: HistoryEntry[] = [];
    for (const ring of this.rings.values()) {
      const entry = ring.byId.get(eventId);
      if (entry && this.fresh(entry)) found.push(entry);
    }
    return found;
  }

  /** the kept entries, newest first: of one plugin, or of all */
  *newestFirst(plugin?: string): Generator<HistoryEntry> {
    const rings = plugin === undefined ? [...this.rings.values()] : [this.rings.get(plugin)].filter((r): r is Ring => r !== undefined);
    if (rings.length === 1) {
      const ring = rings[0]!;
      for (let i = ring.count - 1; i >= 0; i--) {
        const entry = ring.slots[(ring.start + i) % this.o.perType]!;
        if (!this.fresh(entry)) return;
        yield entry;
      }
      return;
    }
    const all = rings.flatMap((ring) => Array.from({ length: ring.count }, (_, i) => ring.slots[(ring.start + i) % this.o.perType]!));
    all.sort((a, b) => b.matchedAt - a.matchedAt);
    for (const entry of all) {
      if (!this.fresh(entry)) return;
      yield entry;
    }
  }

  /** per plugin: entries kept and the estimated bytes they hold */
  sizes(): { readonly plugin: string; readonly events: number; readonly bytes: number }[] {
    const now = this.o.now();
    return [...this.rings].map(([plugin, ring]) => {
      this.expire(ring, now);
      return { plugin, events: ring.count, bytes: Math.round(ring.count * (ring.sampledChars * 2 + ENTRY_OVERHEAD)) };
    });
  }

  private fresh(entry: HistoryEntry): boolean {
    return entry.matchedAt > this.o.now() - this.o.maxAgeMs;
  }

  private expire(ring: Ring, now: number): void {
    const cutoff = now - this.o.maxAgeMs;
    while (ring.count > 0 && ring.slots[ring.start]!.matchedAt <= cutoff) this.evictOldest(ring);
  }

  private evictOldest(ring: Ring): void {
    const oldest = ring.slots[ring.start]!;
    if (ring.byId.get(oldest.eventId) === oldest) ring.byId.delete(oldest.eventId);
    ring.slots[ring.start] = undefined;
    ring.start = (ring.start + 1) % this.o.perType;
    ring.count--;
  }

  private sample(ring: Ring, event: unknown): void {
    let chars: number;
    try {
      chars = JSON.stringify(event, (_key, value: unknown) => (value instanceof Map ? [...value] : value))?.length ?? 0;
    } catch {
      return; // an event that does not serialise is left out of the estimate
    }
    ring.samples++;
    ring.sampledChars += (chars - ring.sampledChars) / ring.samples;
  }
}
