/**
 * The last webhooks the service accepted, a few per webhook type, for the template studio's "recent events" data
 * source (GET /api/dts/recent). A fixed ring per type: recording is one array write, nothing is copied (the
 * message objects are the ones already in memory) and memory stays bounded however busy the scanner is.
 */
export interface RecentEvent {
  readonly id: string;
  readonly type: string;
  readonly receivedAt: string;
  readonly webhook: unknown;
}

/** as kept: the time as a number, turned into text only when listed */
interface Kept {
  readonly id: string;
  readonly type: string;
  readonly receivedAt: number;
  readonly webhook: unknown;
}

interface Ring {
  readonly items: (Kept | undefined)[];
  next: number;
}

const shown = (e: Kept): RecentEvent => ({ id: e.id, type: e.type, receivedAt: new Date(e.receivedAt).toISOString(), webhook: e.webhook });

export class RecentEvents {
  private readonly rings = new Map<string, Ring>();

  constructor(
    /** kept per webhook type */
    private readonly perType = 10,
    /** distinct webhook types kept (a scanner sending junk types cannot grow the map) */
    private readonly maxTypes = 32,
  ) {}

  record(id: string, type: string, webhook: unknown, receivedAt: number): void {
    let ring = this.rings.get(type);
    if (!ring) {
      if (this.rings.size >= this.maxTypes) return;
      ring = { items: new Array<Kept | undefined>(this.perType), next: 0 };
      this.rings.set(type, ring);
    }
    ring.items[ring.next] = { id, type, receivedAt, webhook };
    ring.next = (ring.next + 1) % this.perType;
  }

  /** newest first, all types (optionally one) */
  list(type?: string): RecentEvent[] {
    const rings = type === undefined ? [...this.rings.values()] : [this.rings.get(type)].filter((r): r is Ring => r !== undefined);
    const out = rings.flatMap((r) => r.items.filter((e): e is Kept => e !== undefined));
    return out.sort((a, b) => b.receivedAt - a.receivedAt).map(shown);
  }

  find(id: string): RecentEvent | null {
    for (const ring of this.rings.values()) for (const e of ring.items) if (e?.id === id) return shown(e);
    return null;
  }
}
