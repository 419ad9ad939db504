/**
 * The graceful stop of the delivery queue (everything queued is sent, within a grace period; what is left is
 * dropped as `shutdown`, counted and logged) and the webhook-to-delivery latency histogram.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createDeliveryQueue } from '../../../core/delivery/queue.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { droppedCount, gatedPlatform, job, labelOf, manualTimers, queueDepth, scriptedPlatform, settle } from './queue-fixtures.ts';

const GRACE_MS = 30_000;

function setup(extra: { capacity?: number; now?: () => number } = {}) {
  const captured = captureLog('silly');
  const metrics = createMetrics({ collectProcess: false });
  const clock = manualTimers();
  const queue = createDeliveryQueue({ log: captured.log, metrics, timers: clock.timers, random: () => 0.5, ...extra });
  return { queue, metrics, clock, captured };
}

describe('delivery queue stop', () => {
  test('close sends everything queued before it resolves', async () => {
    const { queue, metrics, clock } = setup();
    const platform = gatedPlatform({ concurrency: 1 });
    for (const seq of [1, 2, 3]) void queue.dispatch(job('a', seq), platform.plugin);
    let closed = false;
    const closing = queue.close(GRACE_MS).then(() => (closed = true));
    for (let i = 0; i < 3; i++) {
      await settle();
      assert.equal(closed, false);
      platform.inFlight()[0]!.settle({ ok: true });
    }
    await closing;
    assert.deepEqual(platform.calls.map((c) => labelOf(c.job)), ['a#1', 'a#2', 'a#3']);
    assert.equal(await droppedCount(metrics, 'shutdown'), 0);
    assert.equal(clock.pendingCount(), 0, 'the grace timer was cancelled');
  });

  test('after the grace period what is left is dropped as `shutdown`, counted and logged with its event', async () => {
    const { queue, metrics, clock, captured } = setup({ capacity: 3 });
    const platform = gatedPlatform({ concurrency: 1 });
    const retrying = scriptedPlatform([{ ok: false, permanent: false, reason: 'HTTP 500' }], { name: 'retrying' });
    for (const seq of [1, 2, 3]) void queue.dispatch(job('a', seq), platform.plugin);
    const waiting = queue.dispatch(job('a', 4), platform.plugin);
    await settle();
    const closing = queue.close(GRACE_MS);
    await settle();
    assert.deepEqual(clock.pendingMs(), [GRACE_MS]);
    assert.equal(clock.fire(GRACE_MS), 1);
    await closing;
    await waiting;
    assert.equal(await droppedCount(metrics, 'shutdown', 'gated'), 3, 'a#2 and a#3 queued, a#4 still waiting for room');
    const line = captured.lines.find((l) => l.eventId === 'ev-a-2' && l.dropReason === 'shutdown');
    assert.equal(line?.level, 'warn');
    assert.ok(captured.find(/grace period over/));

    platform.inFlight()[0]!.settle({ ok: true });
    await settle();
    assert.deepEqual(platform.calls.map((c) => labelOf(c.job)), ['a#1'], 'the message in flight finishes; nothing else is attempted');
    assert.equal(await queueDepth(metrics, 'gated'), 0);

    await queue.dispatch(job('z', 1), retrying.plugin);
    assert.equal(retrying.delivered.length, 0, 'a dispatch after the stop is refused');
    assert.equal(await droppedCount(metrics, 'shutdown', 'retrying'), 1);
  });

  test('a message waiting for its retry when the grace period ends is dropped, not retried', async () => {
    const { queue, metrics, clock } = setup();
    const platform = scriptedPlatform([{ ok: false, permanent: false, reason: 'HTTP 429', retryAfterMs: 5000 }]);
    void queue.dispatch(job('a', 1), platform.plugin);
    await settle();
    assert.deepEqual(clock.pendingMs(), [5000]);
    const closing = queue.close(GRACE_MS);
    clock.fire(GRACE_MS);
    await closing;
    assert.equal(clock.pendingCount(), 0, 'the retry wait was cancelled');
    assert.equal(await droppedCount(metrics, 'shutdown'), 1);
    await queue.drain();
    assert.equal(platform.delivered.length, 1);
  });
});

describe('delivery latency', () => {
  test('the time from the webhook to the platform accepting the message is observed per platform and alert type', async () => {
    let now = 10_000;
    const { queue, metrics } = setup({ now: () => now });
    const platform = gatedPlatform({ name: 'chat' });
    void queue.dispatch(job('a', 1, { receivedAt: 8_500 }), platform.plugin);
    await settle();
    now = 12_000;
    platform.inFlight()[0]!.settle({ ok: true });
    await queue.drain();
    const { values } = await metrics.deliveryLatencySeconds.get();
    const sum = values.find((v) => v.metricName === 'lookout_delivery_latency_seconds_sum' && v.labels.platform === 'chat');
    const count = values.find((v) => v.metricName === 'lookout_delivery_latency_seconds_count' && v.labels.platform === 'chat');
    assert.equal(count?.value, 1);
    assert.equal(count?.labels.alert_type, 'sighting');
    assert.equal(sum?.value, 3.5, 'from receivedAt to the moment the platform answered');
    const text = await metrics.registry.metrics();
    assert.match(text, /lookout_delivery_latency_seconds_bucket\{le="5",platform="chat",alert_type="sighting"\} 1/);
  });

  test('a failed delivery is not observed', async () => {
    const { queue, metrics } = setup();
    const platform = scriptedPlatform([{ ok: false, permanent: true, reason: 'gone' }]);
    void queue.dispatch(job('a', 1), platform.plugin);
    await queue.drain();
    const { values } = await metrics.deliveryLatencySeconds.get();
    assert.equal(values.find((v) => v.metricName === 'lookout_delivery_latency_seconds_count')?.value ?? 0, 0);
    assert.equal(await droppedCount(metrics, 'permanent'), 1);
  });
});
