/**
 * The app's metrics as the benchmarks read them: the normal registry, except that the match-time and
 * delivery-latency histograms get fine log-spaced buckets (8 % apart, 1 µs to 100 s) under their usual names,
 * so percentiles read from them are exact to a few percent. Nothing in the service changes: the app is simply
 * handed this registry. Also: percentiles from a histogram, and counter sums by label.
 */
import { Histogram, type Counter } from 'prom-client';
import { createMetrics, type Metrics } from '../../core/metrics/metrics.ts';

const FINE_RATIO = 1.08;

export function fineBuckets(fromSeconds = 1e-6, toSeconds = 100): number[] {
  const buckets: number[] = [];
  for (let b = fromSeconds; b <= toSeconds; b *= FINE_RATIO) buckets.push(Number(b.toPrecision(6)));
  return buckets;
}

function replaceHistogram<L extends string>(metrics: Metrics, name: string, help: string, labelNames: L[]): Histogram<L> {
  metrics.registry.removeSingleMetric(name);
  return new Histogram<L>({ name, help, labelNames, buckets: fineBuckets(), registers: [metrics.registry] });
}

export function benchMetrics(): Metrics {
  const metrics = createMetrics();
  return {
    ...metrics,
    matchSeconds: replaceHistogram(metrics, 'lookout_match_seconds', 'Time to match one event (fine buckets for benchmarks)', ['plugin']),
    deliveryLatencySeconds: replaceHistogram(
      metrics,
      'lookout_delivery_latency_seconds',
      'Time from webhook received to message accepted by the platform (fine buckets for benchmarks)',
      ['platform'],
    ),
  };
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
export async function summarize(histogram: Histogram<string>): Promise<HistogramSummary> {
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
