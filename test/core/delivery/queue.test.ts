/**
 * The delivery queue: per-destination order, per-platform concurrency, retries, drops and drain.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createDeliveryQueue, type DeliveryQueueOptions } from '../../../core/delivery/queue.ts';
import { LookoutError } from '../../../core/errors.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { deliveryCount, droppedCount, gatedPlatform, job, labelOf, manualTimers, queueDepth, scriptedPlatform, settle } from './queue-fixtures.ts';

function setup(extra: Partial<DeliveryQueueOptions> = {}) {
  const captured = captureLog('silly');
  const metrics = createMetrics({ collectProcess: false });
  const queue = createDeliveryQueue({ log: captured.log, metrics, random: () => 0.5, ...extra });
  return { queue, metrics, captured };
}

describe('delivery queue', () => {
  test('messages to one destination go out one at a time, in order; other destinations do not wait for it', async () => {
    const { queue } = setup();
    const platform = gatedPlatform();
    for (const seq of [1, 2, 3]) queue.dispatch(job('a', seq), platform.plugin);
    queue.dispatch(job('b', 1), platform.plugin);
    await settle();
    assert.deepEqual(platform.inFlightLabels(), ['a#1', 'b#1']);
    platform.inFlight().find((c) => labelOf(c.job) === 'b#1')!.settle({ ok: true });
    await settle();
    assert.deepEqual(platform.inFlightLabels(), ['a#1'], 'a#2 waits for a#1');
    for (let i = 0; i < 3; i++) {
      const open = platform.inFlight();
      assert.equal(open.length, 1);
      open[0]!.settle({ ok: true });
      await settle();
    }
    assert.deepEqual(
      platform.calls.map((c) => labelOf(c.job)).filter((l) => l.startsWith('a')),
      ['a#1', 'a#2', 'a#3'],
    );
    await queue.drain();
  });

  test('at most `concurrency` destinations of one platform are worked on at once; another platform is not held up', async () => {
    const { queue, metrics } = setup();
    const slow = gatedPlatform({ name: 'slow', concurrency: 2 });
    const other = gatedPlatform({ name: 'other', concurrency: 1 });
    for (const target of ['a', 'b', 'c', 'd', 'e']) queue.dispatch(job(target, 1), slow.plugin);
    queue.dispatch(job('z', 1), other.plugin);
    await settle();
    assert.equal(slow.inFlight().length, 2);
    assert.equal(other.inFlight().length, 1);
    assert.equal(await queueDepth(metrics, 'slow'), 5);
    let drained = false;
    const draining = queue.drain().then(() => (drained = true));
    while (slow.inFlight().length > 0) {
      for (const call of slow.inFlight()) call.settle({ ok: true });
      await settle();
    }
    other.inFlight()[0]!.settle({ ok: true });
    await draining;
    assert.ok(drained);
    assert.equal(slow.maxInFlight(), 2);
    assert.deepEqual(slow.calls.map((c) => labelOf(c.job)).sort(), ['a#1', 'b#1', 'c#1', 'd#1', 'e#1']);
    assert.equal(await deliveryCount(metrics, 'sent', 'slow'), 5);
    assert.equal(await queueDepth(metrics, 'slow'), 0);
  });

  test('a platform without a concurrency gets 10 destinations at once', async () => {
    const { queue } = setup();
    const platform = gatedPlatform();
    for (let i = 0; i < 12; i++) queue.dispatch(job(`t${i}`, 1), platform.plugin);
    await settle();
    assert.equal(platform.inFlight().length, 10);
    while (platform.inFlight().length > 0) {
      for (const call of platform.inFlight()) call.settle({ ok: true });
      await settle();
    }
    await queue.drain();
    assert.equal(platform.calls.length, 12);
  });

  test('a rate-limited message is retried after the wait the platform asked for; later messages wait behind it', async () => {
    const clock = manualTimers();
    const { queue, metrics } = setup({ timers: clock.timers });
    const platform = scriptedPlatform([{ ok: false, permanent: false, reason: 'HTTP 429', retryAfterMs: 1234 }]);
    queue.dispatch(job('a', 1), platform.plugin);
    queue.dispatch(job('a', 2), platform.plugin);
    await settle();
    assert.deepEqual(platform.labels(), ['a#1']);
    assert.deepEqual(clock.requested, [1234]);
    clock.fireAll();
    await queue.drain();
    assert.deepEqual(platform.labels(), ['a#1', 'a#1', 'a#2']);
    assert.equal(await deliveryCount(metrics, 'rate_limited'), 1);
    assert.equal(await deliveryCount(metrics, 'retried'), 0);
    assert.equal(await deliveryCount(metrics, 'sent'), 2);
  });

  test('without a requested wait the backoff doubles from the base and is capped', async () => {
    const clock = manualTimers();
    const { queue } = setup({ timers: clock.timers, baseBackoffMs: 100, maxBackoffMs: 300, maxAttempts: 5 });
    const transient = { ok: false, permanent: false, reason: 'HTTP 502' } as const;
    const platform = scriptedPlatform([transient, transient, transient]);
    queue.dispatch(job('a', 1), platform.plugin);
    for (let i = 0; i < 3; i++) {
      await settle();
      clock.fireAll();
    }
    await queue.drain();
    assert.deepEqual(clock.requested, [100, 200, 300]);
    assert.equal(platform.delivered.length, 4);
  });

  test('after maxAttempts transient failures the message is given up, logged and counted', async () => {
    const clock = manualTimers();
    const { queue, metrics, captured } = setup({ timers: clock.timers, maxAttempts: 3 });
    const transient = { ok: false, permanent: false, reason: 'HTTP 503' } as const;
    const platform = scriptedPlatform([transient, transient, transient]);
    queue.dispatch(job('a', 1), platform.plugin);
    queue.dispatch(job('a', 2), platform.plugin);
    for (let i = 0; i < 3; i++) {
      await settle();
      clock.fireAll();
    }
    await queue.drain();
    assert.deepEqual(platform.labels(), ['a#1', 'a#1', 'a#1', 'a#2']);
    assert.equal(await deliveryCount(metrics, 'failed'), 1);
    const line = captured.find(/giving up/);
    assert.equal(line?.level, 'warn');
    assert.equal(line?.eventId, 'ev-a-1');
    assert.equal(line?.attempts, 3);
  });

  test('a permanent failure is logged at warn with the event, target, platform and reason, and not retried', async () => {
    const clock = manualTimers();
    const { queue, metrics, captured } = setup({ timers: clock.timers });
    const platform = scriptedPlatform([{ ok: false, permanent: true, reason: 'HTTP 404: Unknown Webhook' }]);
    queue.dispatch(job('a', 1), platform.plugin);
    queue.dispatch(job('a', 2), platform.plugin);
    await queue.drain();
    assert.deepEqual(platform.labels(), ['a#1', 'a#2']);
    assert.equal(clock.pendingCount(), 0);
    assert.equal(await deliveryCount(metrics, 'permanent_failure'), 1);
    assert.equal(await deliveryCount(metrics, 'retried'), 0);
    const line = captured.find(/permanently/);
    assert.equal(line?.level, 'warn');
    assert.equal(line?.eventId, 'ev-a-1');
    assert.equal(line?.target, 'a');
    assert.equal(line?.platform, 'scripted');
    assert.equal(line?.reason, 'HTTP 404: Unknown Webhook');
  });

  test('each alert delivered is one verbose line: event, target, platform, alert type and latency', async () => {
    const { queue, captured } = setup({ now: () => 1_250 });
    const platform = scriptedPlatform([{ ok: true }]);
    queue.dispatch(job('a', 1, { receivedAt: 1_000 }), platform.plugin);
    await queue.drain();
    const line = captured.find(/alert delivered/);
    assert.equal(line?.level, 'verbose');
    assert.deepEqual([line?.eventId, line?.target, line?.platform, line?.alertType, line?.latencyMs], ['ev-a-1', 'a', 'scripted', 'sighting', 250]);
  });

  test('a job whose event ends before its retry is dropped as stale, not attempted again', async () => {
    let now = 5_000;
    const clock = manualTimers();
    const { queue, metrics, captured } = setup({ timers: clock.timers, now: () => now });
    const transient = { ok: false, permanent: false, reason: 'HTTP 500' } as const;
    const platform = scriptedPlatform([transient, transient]);
    queue.dispatch(job('a', 1, { expiresAt: 6_000 }), platform.plugin);
    await settle();
    assert.equal(clock.pendingCount(), 1, 'still in time: it waits for a retry');
    now = 7_000;
    clock.fireAll();
    await queue.drain();
    assert.deepEqual(platform.labels(), ['a#1'], 'one attempt only');
    assert.equal(await deliveryCount(metrics, 'retried'), 1);
    assert.equal(await deliveryCount(metrics, 'sent'), 0);
    assert.equal(await droppedCount(metrics, 'stale'), 1);
    const line = captured.find(/stale/);
    assert.equal(line?.level, 'verbose');
    assert.equal(line?.delayedBy, 'retries');
  });

  test('a job that fails when its event has ended is not retried (stale)', async () => {
    let now = 5_000;
    const clock = manualTimers();
    const { queue, metrics } = setup({ timers: clock.timers, now: () => now });
    const platform = gatedPlatform();
    queue.dispatch(job('a', 1, { expiresAt: 6_000 }), platform.plugin);
    await settle();
    now = 6_500;
    platform.inFlight()[0]!.settle({ ok: false, permanent: false, reason: 'HTTP 500' });
    await queue.drain();
    assert.equal(clock.pendingCount(), 0, 'no retry is waited for');
    assert.equal(await deliveryCount(metrics, 'stale'), 1, 'the attempt is counted by what became of it');
    assert.equal(await droppedCount(metrics, 'stale'), 1);
  });

  test('drain waits for retries to finish', async () => {
    const { queue, metrics } = setup({ baseBackoffMs: 1, maxBackoffMs: 2 });
    const platform = scriptedPlatform([{ ok: false, permanent: false, reason: 'HTTP 500' }, { ok: false, permanent: false, reason: 'HTTP 500' }]);
    await queue.drain();
    queue.dispatch(job('a', 1), platform.plugin);
    await queue.drain();
    assert.equal(platform.delivered.length, 3);
    assert.equal(await deliveryCount(metrics, 'sent'), 1);
    assert.equal(await queueDepth(metrics, 'scripted'), 0);
  });

  test('a throwing platform is retried like a transient failure and does not break the queue', async () => {
    const clock = manualTimers();
    const { queue, metrics, captured } = setup({ timers: clock.timers });
    const platform = scriptedPlatform([new Error('socket hang up'), new LookoutError('TARGET_PERMANENT', 'bot blocked'), new TypeError('boom')]);
    queue.dispatch(job('a', 1), platform.plugin);
    queue.dispatch(job('b', 1), platform.plugin);
    queue.dispatch(job('c', 1), platform.plugin);
    await settle();
    clock.fireAll();
    await settle();
    clock.fireAll();
    await queue.drain();
    assert.deepEqual(platform.labels(), ['a#1', 'b#1', 'c#1', 'a#1', 'c#1']);
    assert.equal(await deliveryCount(metrics, 'permanent_failure'), 1, 'a thrown permanent error is not retried');
    assert.equal(await deliveryCount(metrics, 'sent'), 2);
    assert.match(String(captured.find(/permanently/)?.reason), /bot blocked/);
    const syncThrower = { ...platform.plugin, name: 'sync', deliver: () => { throw new Error('sync'); } };
    const q2 = setup({ maxAttempts: 1 }).queue;
    q2.dispatch(job('a', 1), syncThrower);
    await q2.drain();
  });

  test('a delivery the platform reports as degraded is sent and counted by reason in lookout_deliveries_degraded_total', async () => {
    const { queue, metrics } = setup();
    const platform = scriptedPlatform([{ ok: true, messageIds: ['1'], degraded: ['image_upload'] }, { ok: true, messageIds: ['2'] }]);
    queue.dispatch(job('a', 1), platform.plugin);
    queue.dispatch(job('a', 2), platform.plugin);
    await queue.drain();
    assert.equal(await deliveryCount(metrics, 'sent'), 2);
    const { values } = await metrics.deliveriesDegraded.get();
    assert.deepEqual(values.map((v) => [v.labels.platform, v.labels.reason, v.value]), [['scripted', 'image_upload', 1]]);
  });
});
