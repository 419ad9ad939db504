/**
 * The timed phases of one benchmark run against a started service: saturation (throughput and match time),
 * a fixed offered rate (latency webhook → dispatch), idle reloads and a reload under load (how long, and how
 * long the event loop, i.e. matching, stalled meanwhile). Each phase skips a warm-up before it measures and
 * waits for the service to drain afterwards, so phases never leak into each other.
 */
import type { Gauge } from 'prom-client';
import type { App } from '../../core/app.ts';
import { expectAnswer, type Driver, type StreamSpec } from './driver-ipc.ts';
import type { LoadResult } from './load.ts';
import { counterTotal, summarize, type HistogramSummary } from './metrics.ts';
import { startProfile } from './cpu-profile.ts';
import { watchStalls } from './process-watch.ts';

export const BATCH_SIZE = 50;
const SATURATION_CONCURRENCY = 4;
const DRAIN_TIMEOUT_MS = 300_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export interface PhaseTiming {
  readonly durationMs: number;
  readonly warmupMs: number;
}

export interface SaturationFigures {
  readonly webhooksPerS: number;
  readonly alertsPerS: number;
  readonly match: HistogramSummary;
  readonly load: LoadResult;
}

export interface RateFigures {
  readonly rate: number;
  /** deliveries observed in the window */
  readonly latency: HistogramSummary;
  readonly load: LoadResult;
}

export interface ReloadUnderLoad {
  readonly rate: number;
  readonly reloadMs: number;
  /** the longest event-loop stall (no matching) while the reload ran, ms */
  readonly stallMs: number;
  /** the longest stall in as long a window just before, under the same load without a reload, ms */
  readonly baselineStallMs: number;
}

async function gaugeTotal(gauge: Gauge<string>): Promise<number> {
  const data = await gauge.get();
  return data.values.reduce((sum, v) => sum + v.value, 0);
}

/** Waits until the intake queue and the delivery queues are empty. */
export async function drained(app: App): Promise<void> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  let quietTicks = 0;
  while (Date.now() < deadline && quietTicks < 3) {
    await sleep(100);
    const depth = (await gaugeTotal(app.metrics.intakeQueueDepth)) + (await gaugeTotal(app.metrics.deliveryQueueDepth));
    quietTicks = depth === 0 ? quietTicks + 1 : 0;
  }
}

async function processedAndSent(app: App): Promise<{ at: number; processed: number; sent: number }> {
  return {
    at: performance.now(),
    processed: await counterTotal(app.metrics.eventsProcessed),
    sent: await counterTotal(app.metrics.deliveries, { outcome: 'sent' }),
  };
}

function loadOf(answer: Awaited<ReturnType<Driver['call']>>): LoadResult {
  return expectAnswer(answer, 'load').result;
}

/**
 * Webhooks/s is the rate at which events reach matching in the measured window (bounded queues make it the
 * end-to-end rate); alerts/s is that rate times the phase's alerts per webhook, counted once everything is
 * delivered (counting deliveries inside the window would also count queue fill and drain at its edges).
 */
export async function saturation(app: App, driver: Driver, url: string, stream: StreamSpec, t: PhaseTiming, profileFile: string | null = null): Promise<SaturationFigures> {
  expectAnswer(await driver.call({ kind: 'prepare', stream }), 'ready');
  const start = await processedAndSent(app);
  const running = driver.call({ kind: 'saturate', url, stream, durationMs: t.durationMs, concurrency: SATURATION_CONCURRENCY, batchSize: BATCH_SIZE });
  await sleep(t.warmupMs);
  app.metrics.matchSeconds.reset();
  const profiler = profileFile ? await startProfile(profileFile) : null;
  const from = await processedAndSent(app);
  await sleep(t.durationMs - t.warmupMs - 100);
  const to = await processedAndSent(app);
  await profiler?.stop();
  const match = await summarize(app.metrics.matchSeconds);
  const load = loadOf(await running);
  await drained(app);
  const end = await processedAndSent(app);
  const webhooksPerS = (to.processed - from.processed) / ((to.at - from.at) / 1000);
  const alertsPerWebhook = end.processed > start.processed ? (end.sent - start.sent) / (end.processed - start.processed) : 0;
  return { webhooksPerS, alertsPerS: webhooksPerS * alertsPerWebhook, match, load };
}

export async function fixedRate(app: App, driver: Driver, url: string, stream: StreamSpec, rate: number, t: PhaseTiming): Promise<RateFigures> {
  expectAnswer(await driver.call({ kind: 'prepare', stream }), 'ready');
  const running = driver.call({ kind: 'rate', url, stream, durationMs: t.durationMs, rate, batchSize: BATCH_SIZE });
  await sleep(t.warmupMs);
  app.metrics.deliveryLatencySeconds.reset();
  const load = loadOf(await running);
  await drained(app);
  return { rate, latency: await summarize(app.metrics.deliveryLatencySeconds), load };
}

async function timedReload(app: App): Promise<number> {
  const started = performance.now();
  const ok = await app.state.reload();
  if (!ok) throw new Error('state reload failed during the benchmark');
  return performance.now() - started;
}

/** Full state rebuilds from the database while idle, ms each. */
export async function idleReloads(app: App, runs = 3): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) ms.push(await timedReload(app));
  return ms;
}

/** One full rebuild while webhooks arrive at `rate` (one the service sustains): how long, and the longest stall. */
export async function reloadUnderLoad(app: App, driver: Driver, url: string, stream: StreamSpec, rate: number, expectedMs: number): Promise<ReloadUnderLoad> {
  expectAnswer(await driver.call({ kind: 'prepare', stream }), 'ready');
  const running = driver.call({ kind: 'rate', url, stream, durationMs: expectedMs * 3 + 3000, rate, batchSize: BATCH_SIZE });
  await sleep(1000);
  const baseline = watchStalls();
  await sleep(expectedMs);
  const baselineStallMs = await baseline.maxMs();
  baseline.stop();
  const stalls = watchStalls();
  const reloadMs = await timedReload(app);
  const stallMs = await stalls.maxMs();
  stalls.stop();
  loadOf(await running);
  await drained(app);
  return { rate, reloadMs, stallMs, baselineStallMs };
}
