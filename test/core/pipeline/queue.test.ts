import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BoundedQueue } from '../../../core/pipeline/bounded-queue.ts';
import { DedupeCache } from '../../../core/pipeline/dedupe-cache.ts';

describe('bounded queue', () => {
  test('keeps FIFO order and waits for room instead of dropping', async () => {
    const queue = new BoundedQueue<number>(2);
    const offered = queue.offer([1, 2, 3, 4], 1000);
    const taken: number[] = [];
    for (let i = 0; i < 4; i++) {
      const item = await queue.take();
      taken.push(item!);
      queue.done();
    }
    assert.equal(await offered, 4);
    assert.deepEqual(taken, [1, 2, 3, 4]);
  });

  test('gives up after the timeout and reports how many were queued', async () => {
    const queue = new BoundedQueue<number>(2);
    assert.equal(await queue.offer([1, 2, 3], 30), 2);
    assert.equal(queue.size, 2);
  });

  test('drain waits for items being handled; close ends consumers once empty', async () => {
    const queue = new BoundedQueue<string>(10);
    await queue.offer(['a'], 10);
    const item = await queue.take();
    let drained = false;
    const draining = queue.drain().then(() => (drained = true));
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(drained, false);
    assert.equal(item, 'a');
    queue.done();
    await draining;
    queue.close();
    assert.equal(await queue.take(), null);
    assert.equal(await queue.offer(['late'], 10), 0);
  });
});

describe('dedupe cache', () => {
  test('a key is a duplicate until its ttl (or the event expiry, if later) passes', () => {
    const cache = new DedupeCache(1000);
    assert.equal(cache.seen('a', 0), false);
    assert.equal(cache.seen('a', 500), true);
    assert.equal(cache.seen('a', 1001), false);
    assert.equal(cache.seen('b', 0, 5000), false);
    assert.equal(cache.seen('b', 4000), true);
  });

  test('expired keys are swept as the cache is used', () => {
    const cache = new DedupeCache(10);
    for (let i = 0; i < 100; i++) cache.seen(`k${i}`, 0);
    for (let i = 0; i < 5; i++) cache.seen(`later${i}`, 1000);
    assert.ok(cache.size < 100);
  });
});

describe('intake with a failing journal', () => {
  test('places reserved for a request whose journal write throws are given back: workers and stop still end', { timeout: 10_000 }, async () => {
    const { acceptBatch, runWorkers } = await import('../../../core/pipeline/intake.ts');
    const { createMetrics } = await import('../../../core/metrics/metrics.ts');
    const { silentLogger } = await import('../../../core/log/logger.ts');
    const queue = new BoundedQueue<import('../../../core/pipeline/pipeline.ts').PipelineItem>(10);
    const metrics = createMetrics({ collectProcess: false });
    const registry = { pluginsForWebhook: () => [{}] } as unknown as import('../../../core/registry.ts').PluginRegistry;
    const journal = {
      recordWebhooks: async () => {
        throw new Error('broken journal');
      },
    } as unknown as import('../../../core/journal/types.ts').Journal;
    const o = { registry, queue, metrics, log: silentLogger(), offerTimeoutMs: 100, now: Date.now, journal };
    await assert.rejects(acceptBatch([{ type: 'pokemon', message: {} }], o), /broken journal/);
    const workers = runWorkers(queue, 2, async () => {}, metrics);
    queue.close();
    await workers;
    assert.equal(await queue.reserve(1, 10), 0);
  });
});
