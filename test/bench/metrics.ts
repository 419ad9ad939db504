/**
 * The app's metrics as the benchmarks read them: the normal registry and histograms, and beside the match-time
 * and delivery-latency histograms a recorder with fine log-spaced buckets (8 % apart, 1 µs to 100 s), so
 * percentiles read from them are exact to a few percent. The app observes its own histograms as in production
 * (their cost stays in the measurement); the fine recorder adds one logarithm and one increment per
 * observation (a prom-client histogram with these 239 buckets searched them one by one, ~4 % of the
 * saturation phase's CPU). Also: percentiles from a histogram, and counter sums by label.
 */
import type { Counter, Histogram, MetricObjectWithValues, MetricValueWithName } from 'prom-client';
import { createMetrics, type Metrics } from '../../core/metrics/metrics.ts';

const FINE_RATIO = 1.08;
const FINE_FROM_S = 1e-6;
const FINE_TO_S = 100;

export function fineBuckets(fromSeconds = FINE_FROM_S, toSeconds = FINE_TO_S): number[] {
  const buckets: number[] = [];
  for (let b = fromSeconds; b <= toSeconds; b *= FINE_RATIO) buckets.push(Number(b.toPrecision(6)));
  return buckets;
}

const BOUNDS = fineBuckets();
const LOG_RATIO = Math.log(FINE_RATIO);

/**
 * What the benchmarks read percentiles from: every observation of the app's histogram also counted in fine
 * buckets (all label sets together). Shaped like a prom-client histogram where the app and `summarize` use it.
 */
class FineRecorder<L extends string> {
  private readonly counts = new Float64Array(BOUNDS.length + 1);
  private sum = 0;
  private count = 0;

  constructor(private readonly app: Histogram<L>) {}

  observe(labels: Partial<Record<L, string | number>>, value: number): void {
    this.app.observe(labels, value);
    // the first bound ≥ value: estimated from the logarithm, then corrected for the bounds' rounding
    let i = value <= BOUNDS[0]! ? 0 : Math.min(BOUNDS.length, Math.ceil(Math.log(value / FINE_FROM_S) / LOG_RATIO));
    while (i > 0 && value <= BOUNDS[i - 1]!) i--;
    while (i < BOUNDS.length && value > BOUNDS[i]!) i++;
    this.counts[i]!++;
    this.sum += value;
    this.count++;
  }

  reset(): void {
    this.app.reset();
    this.counts.fill(0);
    this.sum = 0;
    this.count = 0;
  }

  async get(): Promise<Pick<MetricObjectWithValues<MetricValueWithName<string>>, 'values'>> {
    const values: MetricValueWithName<string>[] = [];
    let cumulative = 0;
    for (let i = 0; i <= BOUNDS.length; i++) {
      cumulative += this.counts[i]!;
      values.push({ metricName: 'fine_bucket', labels: { le: i < BOUNDS.length ? BOUNDS[i]! : '+Inf' }, value: cumulative });
    }
    values.push({ metricName: 'fine_sum', labels: {}, value: this.sum }, { metricName: 'fine_count', labels: {}, value: this.count });
    return { values };
  }
}

function fine<L extends string>(histogram: Histogram<L>): Histogram<L> {
  return new FineRecorder(histogram) as unknown as Histogram<L>;
}

export function benchMetrics(): Metrics {
  const metrics = createMetrics();
  return { ...metrics, matchSeconds: fine(metrics.matchSeconds), deliveryLatencySeconds: fine(metrics.deliveryLatencySeconds) };
}

export interface HistogramSummary {
  readonly count: number;
  /** seconds */
  readonly p50: number;
  readonly p99: number;
  readonly mean: number;
}

/** Percentile q (0..1) from cumulative bucket counts, interpolated linearly inside the bucket. */
export function quantileOf(bounds: readonly number[], cumulative: readonly number[], q: number): number {
  const total = cumulative[cumulative.length - 1] ?? 0;
  if (total === 0) return Number.NaN;
  const target = q * total;
  let previousBound = 0;
  let previousCount = 0;
  for (let i = 0; i < bounds.length; i++) {
    const bound = bounds[i]!;
    const count = cumulative[i]!;
    if (count >= target) {
      if (!Number.isFinite(bound)) return previousBound;
      const inBucket = count - previousCount;
      return inBucket === 0 ? bound : previousBound + ((bound - previousBound) * (target - previousCount)) / inBucket;
    }
    previousBound = bound;
    previousCount = count;
  }
  return previousBound;
}

/** p50, p99 and mean of a histogram, all label sets together. */
export async function summarize(histogram: Pick<Histogram<string>, 'get'>): Promise<HistogramSummary> {
  const data = await histogram.get();
  const byBound = new Map<number, number>();
  let sum = 0;
  let count = 0;
  for (const v of data.values) {
    const name = (v as { metricName?: string }).metricName ?? '';
    if (name.endsWith('_bucket')) {
      const le = v.labels.le;
      const bound = le === '+Inf' ? Infinity : Number(le);
      byBound.set(bound, (byBound.get(bound) ?? 0) + v.value);
    } else if (name.endsWith('_sum')) sum += v.value;
    else if (name.endsWith('_count')) count += v.value;
  }
  const bounds = [...byBound.keys()].sort((a, b) => a - b);
  const cumulative = bounds.map((b) => byBound.get(b)!);
  return { count, p50: quantileOf(bounds, cumulative, 0.5), p99: quantileOf(bounds, cumulative, 0.99), mean: count > 0 ? sum / count : Number.NaN };
}

/** The sum of a counter over the label sets that have the given label values. */
export async function counterTotal(counter: Counter<string>, where: Readonly<Record<string, string>> = {}): Promise<number> {
  const data = await counter.get();
  let total = 0;
  for (const v of data.values) if (Object.entries(where).every(([k, want]) => v.labels[k] === want)) total += v.value;
  return total;
}
