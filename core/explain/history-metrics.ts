/**
 * The explain history in /metrics: `lookout_explain_events{plugin}` (events kept) and
 * `lookout_explain_memory_bytes{plugin}` (the memory they hold, estimated from sampled event sizes), read when
 * scraped.
 */
import { Gauge, type Registry } from 'prom-client';
import type { EventHistory } from './event-history.ts';

export function registerHistoryMetrics(registry: Registry, history: EventHistory): void {
  const gauge = (name: string, help: string, value: (size: ReturnType<EventHistory['sizes']>[number]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['plugin'],
      registers: [registry],
      collect() {
        this.reset();
        for (const size of history.sizes()) this.set({ plugin: size.plugin }, value(size));
      },
    });
  gauge('lookout_explain_events', 'recent events kept to explain alerts ([explain]), by alert plugin', (s) => s.events);
  gauge('lookout_explain_memory_bytes', 'memory held by the events kept to explain alerts, estimated from sampled event sizes, by alert plugin', (s) => s.bytes);
}
