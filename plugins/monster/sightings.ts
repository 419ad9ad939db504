/**
 * Sighting statistics the monster plugin keeps from the webhooks it sees ([stats]): how often each species
 * appeared within the last `window_hours`, turned into rarity groups every `refresh_interval_mins` once
 * `min_sample_size` sightings exist, and how often encountered individuals of a species were shiny.
 * Counts live in hourly buckets, so old sightings leave the window without a sweep. Group thresholds are
 * percentages of all sightings: below ultra_rare → 5, very_rare → 4, rare → 3, uncommon → 2, else 1; a
 * species not seen in the window at the last refresh is 6 (unseen). Before enough data: -1 (unknown).
 */
import type { StatsConfig } from '../../core/config/index.ts';
import type { ShinyRate } from '../../core/enrich/shiny-rates.ts';

const HOUR_MS = 3_600_000;

interface Bucket {
  readonly hour: number;
  readonly seen: Map<number, number>;
  readonly encountered: Map<number, number>;
  readonly shiny: Map<number, number>;
}

export type { ShinyRate };

function bump(map: Map<number, number>, key: number): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

export class SightingStats {
  private buckets: Bucket[] = [];
  private groups: ReadonlyMap<number, number> = new Map();
  private shinyRates: ReadonlyMap<number, ShinyRate> = new Map();
  private ready = false;
  private refreshedAt = Number.NEGATIVE_INFINITY;

  /** `onRates`: told the shiny rates of the window after every refresh (to share them with other plugins) */
  constructor(
    private readonly config: StatsConfig,
    private readonly onRates: (rates: ReadonlyMap<number, ShinyRate>) => void = () => {},
  ) {}

  record(pokemonId: number, encountered: boolean, shiny: boolean | null, now: number): void {
    const hour = Math.floor(now / HOUR_MS);
    let bucket = this.buckets[this.buckets.length - 1];
    if (!bucket || bucket.hour !== hour) {
      bucket = { hour, seen: new Map(), encountered: new Map(), shiny: new Map() };
      this.buckets.push(bucket);
      this.buckets = this.buckets.filter((b) => b.hour > hour - this.config.window_hours);
    }
    bump(bucket.seen, pokemonId);
    if (encountered) bump(bucket.encountered, pokemonId);
    if (encountered && shiny === true) bump(bucket.shiny, pokemonId);
    if (now - this.refreshedAt >= this.config.refresh_interval_mins * 60_000) this.refresh(now);
  }

  /** recomputes the rarity groups and shiny rates from the buckets inside the window */
  refresh(now: number): void {
    this.refreshedAt = now;
    const oldest = Math.floor(now / HOUR_MS) - this.config.window_hours;
    const seen = new Map<number, number>();
    const rates = new Map<number, { encountered: number; shiny: number }>();
    let total = 0;
    for (const bucket of this.buckets) {
      if (bucket.hour <= oldest) continue;
      for (const [id, n] of bucket.seen) {
        seen.set(id, (seen.get(id) ?? 0) + n);
        total += n;
      }
      for (const [id, n] of bucket.encountered) {
        const rate = rates.get(id) ?? { encountered: 0, shiny: 0 };
        rate.encountered += n;
        rate.shiny += bucket.shiny.get(id) ?? 0;
        rates.set(id, rate);
      }
    }
    this.shinyRates = rates;
    this.onRates(rates);
    this.ready = total >= this.config.min_sample_size;
    const groups = new Map<number, number>();
    if (this.ready) for (const [id, n] of seen) groups.set(id, this.groupOf((n / total) * 100));
    this.groups = groups;
  }

  private groupOf(percent: number): number {
    const c = this.config;
    if (percent < c.rarity_group_5_ultra_rare) return 5;
    if (percent < c.rarity_group_4_very_rare) return 4;
    if (percent < c.rarity_group_3_rare) return 3;
    if (percent < c.rarity_group_2_uncommon) return 2;
    return 1;
  }

  /** 1 common … 5 ultra rare, 6 unseen; -1 while there are fewer than min_sample_size sightings */
  rarityOf(pokemonId: number): number {
    if (!this.ready) return -1;
    return this.groups.get(pokemonId) ?? 6;
  }

  shinyRate(pokemonId: number): ShinyRate | null {
    return this.shinyRates.get(pokemonId) ?? null;
  }
}
