/**
 * The micro-benchmark loop: runs an operation in samples of `opsPerSample` calls (so sub-microsecond operations
 * are not drowned by the timer) for a fixed time after a warm-up, and reports the mean and the p50/p99 of the
 * per-operation time over the samples, in microseconds.
 */

export interface MicroFigures {
  readonly ops: number;
  readonly mean_us: number;
  readonly p50_us: number;
  readonly p99_us: number;
  readonly ops_per_s: number;
}

export interface MicroOptions {
  readonly warmupMs?: number;
  readonly runMs?: number;
  readonly opsPerSample?: number;
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** `op(i)` gets the running operation number, to cycle through prepared inputs. */
export function measure(op: (i: number) => unknown, o: MicroOptions = {}): MicroFigures {
  const perSample = o.opsPerSample ?? 1;
  let i = 0;
  let sink: unknown;
  const warmEnd = performance.now() + (o.warmupMs ?? 500);
  while (performance.now() < warmEnd) for (let k = 0; k < perSample; k++) sink = op(i++);
  const samples: number[] = [];
  const started = performance.now();
  const end = started + (o.runMs ?? 3000);
  let ops = 0;
  while (performance.now() < end) {
    const t0 = performance.now();
    for (let k = 0; k < perSample; k++) sink = op(i++);
    samples.push(((performance.now() - t0) * 1000) / perSample);
    ops += perSample;
  }
  const elapsedMs = performance.now() - started;
  if (sink === Symbol.for('never')) console.log(sink);
  samples.sort((a, b) => a - b);
  return {
    ops,
    mean_us: (elapsedMs * 1000) / ops,
    p50_us: percentile(samples, 0.5),
    p99_us: percentile(samples, 0.99),
    ops_per_s: (ops * 1000) / elapsedMs,
  };
}
