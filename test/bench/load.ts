/**
 * The load generator: POSTs batches of webhooks to the service's `/` over real HTTP, either as fast as the
 * service answers (a fixed number of batches in flight: saturation) or at a fixed offered rate (batches sent on
 * a schedule whatever the answers do: an open loop, so a slow service shows as latency, not as a lower rate).
 */
import type { WebhookStream } from './webhooks.ts';

export interface LoadResult {
  readonly batches: number;
  readonly items: number;
  /** items the service queued */
  readonly queued: number;
  /** items refused (intake queue full) or lost to HTTP errors */
  readonly refused: number;
  readonly httpErrors: number;
  readonly elapsedMs: number;
  /** time from sending a batch to the service's answer (it answers once the items are queued), ms */
  readonly answerP50Ms: number;
  readonly answerP99Ms: number;
}

interface Tally {
  batches: number;
  items: number;
  queued: number;
  refused: number;
  httpErrors: number;
  answerMs: number[];
}

function newTally(): Tally {
  return { batches: 0, items: 0, queued: 0, refused: 0, httpErrors: 0, answerMs: [] };
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function resultOf(t: Tally, elapsedMs: number): LoadResult {
  const sorted = [...t.answerMs].sort((a, b) => a - b);
  return {
    batches: t.batches,
    items: t.items,
    queued: t.queued,
    refused: t.refused,
    httpErrors: t.httpErrors,
    elapsedMs,
    answerP50Ms: percentile(sorted, 0.5),
    answerP99Ms: percentile(sorted, 0.99),
  };
}

async function postBatch(url: string, stream: WebhookStream, size: number, tally: Tally): Promise<void> {
  const body = JSON.stringify(stream.batch(size, Math.floor(Date.now() / 1000)));
  const sent = performance.now();
  tally.batches++;
  tally.items += size;
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const answer = (await res.json().catch(() => ({}))) as { queued?: number };
    tally.answerMs.push(performance.now() - sent);
    const queued = typeof answer.queued === 'number' ? answer.queued : 0;
    tally.queued += queued;
    tally.refused += size - queued;
    if (!res.ok && res.status !== 503) tally.httpErrors++;
  } catch {
    tally.httpErrors++;
    tally.refused += size;
  }
}

/** `concurrency` batches in flight at all times, for `durationMs`. */
export async function saturate(url: string, stream: WebhookStream, o: { durationMs: number; concurrency: number; batchSize: number }): Promise<LoadResult> {
  const tally = newTally();
  const started = performance.now();
  const deadline = started + o.durationMs;
  const lane = async (): Promise<void> => {
    while (performance.now() < deadline) await postBatch(url, stream, o.batchSize, tally);
  };
  await Promise.all(Array.from({ length: o.concurrency }, lane));
  return resultOf(tally, performance.now() - started);
}

const MAX_IN_FLIGHT = 64;

/** `rate` webhooks per second in batches of `batchSize` (a smaller batch when the rate is below one batch per second). */
export async function offerRate(url: string, stream: WebhookStream, o: { durationMs: number; rate: number; batchSize: number }): Promise<LoadResult> {
  const tally = newTally();
  const size = Math.max(1, Math.min(o.batchSize, o.rate));
  const intervalMs = (1000 * size) / o.rate;
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (let k = 0; ; k++) {
    const due = started + k * intervalMs;
    if (due >= started + o.durationMs) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
    const p: Promise<void> = postBatch(url, stream, size, tally).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  return resultOf(tally, performance.now() - started);
}
