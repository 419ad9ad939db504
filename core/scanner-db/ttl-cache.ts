/**
 * A bounded cache whose entries also expire: the least recently used entry goes when it is full, and an entry older
 * than its time to live reads as absent. Each entry carries its own lifetime (found names live longer than misses).
 */
import { LruCache } from '../enrich/lru.ts';

interface Entry<V> {
  readonly value: V;
  readonly expiresAt: number;
}

export class TtlCache<K, V> {
  private readonly entries: LruCache<K, Entry<V>>;

  constructor(capacity: number, private readonly now: () => number) {
    this.entries = new LruCache(capacity);
  }

  get size(): number {
    return this.entries.size;
  }

  /** the entry, when present and not expired (as `{ value }`, so a cached null is told from a miss) */
  get(key: K): { readonly value: V } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) return undefined;
    return entry;
  }

  set(key: K, value: V, ttlMs: number): void {
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}
