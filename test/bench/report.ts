/**
 * The benchmark report: per population the figures under the names tools compare across runs
 * (match_p50_us … reload_ms, exactly as the issue lists them, plus a few extra figures), the median of several
 * runs, the printed table and the JSON document.
 */
import { cpus, totalmem } from 'node:os';

/** The figures of one run of one population. The first ten names are fixed; tools compare them over time. */
export interface PopulationFigures {
  readonly match_p50_us: number;
  readonly match_p99_us: number;
  readonly rules_examined_per_event: number;
  readonly e2e_webhooks_per_s: number;
  readonly alerts_per_s: number;
  /** at the offered rate `rate_per_s` (default 1,000/s) */
  readonly latency_p50_ms: number;
  readonly latency_p99_ms: number;
  readonly rss_idle_mb: number;
  readonly rss_peak_mb: number;
  /** a full state rebuild from the database while idle (median of three) */
  readonly reload_ms: number;
  // extras
  readonly match_mean_us: number;
  readonly alerts_per_webhook: number;
  readonly rate_per_s: number;
  /**
   * webhooks/s the service actually took during the latency phase; below rate_per_s it could not keep up, the
   * backlog waited in its socket buffers before intake, and latency_p50/p99 (measured from intake) understate
   * the real delay: see answer_p99_ms
   */
  readonly rate_achieved_per_s: number;
  /** p99 of the service's HTTP answer to a batch during the latency phase (it answers once items are queued) */
  readonly answer_p99_ms: number;
  readonly slow_rate_per_s: number;
  readonly slow_latency_p50_ms: number;
  readonly slow_latency_p99_ms: number;
  readonly reload_under_load_ms: number;
  /** the offered rate during that reload: half the saturation throughput, at most rate_per_s */
  readonly reload_under_load_rate_per_s: number;
  /** the longest event-loop stall (no matching) during the reload under load */
  readonly reload_stall_ms: number;
  /** the longest stall under the same load just before, without a reload */
  readonly baseline_stall_ms: number;
  readonly seed_ms: number;
  readonly humans: number;
  readonly rules: number;
}

export interface PopulationReport extends PopulationFigures {
  readonly runs: readonly PopulationFigures[];
}

export interface BenchDocument {
  readonly generated_at: string;
  readonly command: string;
  readonly machine: { readonly cpus: number; readonly cpu_model: string; readonly memory_gb: number; readonly node: string };
  readonly options: Readonly<Record<string, unknown>>;
  readonly populations: Readonly<Record<string, PopulationReport>>;
  readonly micro?: Readonly<Record<string, unknown>>;
}

/** The median of the finite values (NaN when there are none). */
export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function rounded(value: number): number {
  if (!Number.isFinite(value)) return value;
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return Number(value.toFixed(digits));
}

export function roundFigures(f: PopulationFigures): PopulationFigures {
  return Object.fromEntries(Object.entries(f).map(([k, v]) => [k, rounded(v as number)])) as unknown as PopulationFigures;
}

/** Per field, the median of the runs. */
export function medianReport(runs: readonly PopulationFigures[]): PopulationReport {
  const first = runs[0];
  if (!first) throw new Error('no runs to report');
  const keys = Object.keys(first) as (keyof PopulationFigures)[];
  const medians = Object.fromEntries(keys.map((k) => [k, rounded(median(runs.map((r) => r[k])))])) as unknown as PopulationFigures;
  return { ...medians, runs: runs.map(roundFigures) };
}

export function machine(): BenchDocument['machine'] {
  const list = cpus();
  return { cpus: list.length, cpu_model: list[0]?.model ?? 'unknown', memory_gb: Math.round(totalmem() / 2 ** 30), node: process.version };
}

const COLUMNS: readonly [keyof PopulationFigures, string][] = [
  ['match_p50_us', 'match p50 µs'],
  ['match_p99_us', 'match p99 µs'],
  ['rules_examined_per_event', 'rules/event'],
  ['e2e_webhooks_per_s', 'webhooks/s'],
  ['alerts_per_s', 'alerts/s'],
  ['latency_p50_ms', 'lat p50 ms'],
  ['latency_p99_ms', 'lat p99 ms'],
  ['rate_achieved_per_s', 'taken/s'],
  ['slow_latency_p50_ms', 'slow p50 ms'],
  ['slow_latency_p99_ms', 'slow p99 ms'],
  ['rss_idle_mb', 'RSS idle MB'],
  ['rss_peak_mb', 'RSS peak MB'],
  ['reload_ms', 'reload ms'],
  ['reload_stall_ms', 'stall ms'],
];

/** A plain-text table: one row per population, one column per figure. */
export function formatTable(populations: Readonly<Record<string, PopulationFigures>>): string {
  const header = ['population', ...COLUMNS.map(([, label]) => label)];
  const rows = Object.entries(populations).map(([name, f]) => [name, ...COLUMNS.map(([key]) => String(rounded(f[key])))]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
