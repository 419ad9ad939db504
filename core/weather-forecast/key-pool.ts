/**
 * The forecast API keys and what each has spent today: every call takes the key with the fewest calls today
 * (so calls rotate over the keys), none once every key has made `dayQuota` calls; a key the provider refused
 * (401/403) or reported used up is left out for the rest of the day. The day is the UTC date; the counts start
 * again at UTC midnight. Keys are remembered by a fingerprint, never as text, so the disk cache holds no secret.
 */
import { createHash } from 'node:crypto';

/** What is kept on disk between restarts. */
export interface KeyUsage {
  /** the UTC date (YYYY-MM-DD) the counts are for */
  readonly day: string;
  /** fingerprint → calls made that day */
  readonly calls: Readonly<Record<string, number>>;
  /** fingerprints of keys left out for that day (refused or used up) */
  readonly benched: readonly string[];
}

export function keyFingerprint(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export class KeyPool {
  private readonly keys: readonly { readonly key: string; readonly print: string }[];
  private day = '';
  private calls = new Map<string, number>();
  private benched = new Set<string>();

  constructor(
    keys: readonly string[],
    private readonly dayQuota: number,
    saved: KeyUsage | null,
  ) {
    this.keys = [...new Set(keys.map((k) => k.trim()).filter((k) => k !== ''))].map((key) => ({ key, print: keyFingerprint(key) }));
    if (saved) {
      this.day = saved.day;
      this.calls = new Map(Object.entries(saved.calls));
      this.benched = new Set(saved.benched);
    }
  }

  get size(): number {
    return this.keys.length;
  }

  private roll(now: number): void {
    const today = utcDay(now);
    if (today === this.day) return;
    this.day = today;
    this.calls = new Map();
    this.benched = new Set();
  }

  /** The key for one call, counted as spent; null when every key is used up or left out today. */
  take(now: number): string | null {
    this.roll(now);
    let best: { key: string; print: string; used: number } | null = null;
    for (const { key, print } of this.keys) {
      if (this.benched.has(print)) continue;
      const used = this.calls.get(print) ?? 0;
      if (used < this.dayQuota && (best === null || used < best.used)) best = { key, print, used };
    }
    if (!best) return null;
    this.calls.set(best.print, best.used + 1);
    return best.key;
  }

  /** Leaves a key out for the rest of the day (the provider refused it or said it is used up). */
  bench(key: string, now: number): void {
    this.roll(now);
    this.benched.add(keyFingerprint(key));
  }

  /** calls made today with the key */
  used(key: string, now: number): number {
    this.roll(now);
    return this.calls.get(keyFingerprint(key)) ?? 0;
  }

  snapshot(): KeyUsage {
    return { day: this.day, calls: Object.fromEntries(this.calls), benched: [...this.benched] };
  }
}
