/**
 * Reading a counter in tests: the value of one series of a metric, by name and labels (0 when it was never counted).
 */
import type { Metrics } from '../../core/metrics/metrics.ts';

export async function metricValue(metrics: Pick<Metrics, 'registry'>, name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  const value = metric?.values.find((v) => Object.entries(labels).every(([k, val]) => v.labels[k] === val));
  return value?.value ?? 0;
}
