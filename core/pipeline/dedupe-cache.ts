/**
 * Remembers event keys for a while so the same sighting arriving again ([tuning] encounter_cache_ttl) is not
 * alerted twice. Expired keys are swept lazily in bounded slices, so no timer is needed: each lookup looks at a
 * few more entries than it can add (one), so a full pass over the keys takes at most size / (SWEEP_STEP - 1)
 * lookups and expired keys never pile up.
 */
const SWEEP_STEP = 8;

export class DedupeCache {
  private readonly expiries = new Map<string, number>();
  private sweepCursor: Iterator<[string, number]> | null = null;

  constructor(private readonly ttlMs: number) {}

  get size(): number {
    return this.expiries.size;
  }

  /** True when `key` was seen and has not expired; otherwise records it and returns false. */
  seen(key: string, now: number, expiresAt?: number | null): boolean {
    this.sweep(now, SWEEP_STEP);
    const until = this.expiries.get(key);
    if (until !== undefined && until > now) return true;
    this.expiries.set(key, Math.max(now + this.ttlMs, expiresAt ?? 0));
    return false;
  }

  /** Forgets a key (used when processing of a first sighting failed and a retry should go through). */
  forget(key: string): void {
    this.expiries.delete(key);
  }

  private sweep(now: number, budget: number): void {
    if (!this.sweepCursor) this.sweepCursor = this.expiries.entries();
    for (let i = 0; i < budget; i++) {
      const next = this.sweepCursor.next();
      if (next.done) {
        this.sweepCursor = null;
        return;
      }
      const [key, until] = next.value;
      if (until <= now) this.expiries.delete(key);
    }
  }
}
