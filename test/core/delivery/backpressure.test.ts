/**
 * Backpressure of the delivery queue: at most `capacity` alerts are unfinished; dispatch waits for room, in
 * arrival order, and resumes as deliveries finish.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createDeliveryQueue } from '../../../core/delivery/queue.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { gatedPlatform, job, labelOf, queueDepth, settle } from './queue-fixtures.ts';

function setup(capacity: number) {
  const metrics = createMetrics({ collectProcess: false });
  const queue = createDeliveryQueue({ log: silentLogger(), metrics, capacity });
  return { queue, metrics };
}

describe('delivery queue backpressure', () => {
  test('dispatch resolves at once while there is room, and waits when the queue is full', async () => {
    const { queue, metrics } = setup(2);
    const platform = gatedPlatform();
    const accepted: string[] = [];
    const dispatch = (target: string) => Promise.resolve(queue.dispatch(job(target, 1), platform.plugin)).then(() => accepted.push(target));
    const first = [dispatch('a'), dispatch('b')];
    const waiting = [dispatch('c'), dispatch('d')];
    await Promise.all(first);
    await settle();
    assert.deepEqual(accepted, ['a', 'b']);
    assert.equal(await queueDepth(metrics, 'gated'), 2, 'waiting dispatches are not in the queue yet');
    assert.deepEqual(platform.inFlightLabels(), ['a#1', 'b#1']);

    platform.inFlight().find((c) => labelOf(c.job) === 'a#1')!.settle({ ok: true });
    await settle();
    assert.deepEqual(accepted, ['a', 'b', 'c'], 'one finished delivery lets exactly one waiting dispatch in, the first');
    assert.deepEqual(platform.inFlightLabels(), ['b#1', 'c#1']);

    let drained = false;
    const draining = queue.drain().then(() => (drained = true));
    for (const call of platform.inFlight()) call.settle({ ok: true });
    await Promise.all(waiting);
    assert.deepEqual(accepted, ['a', 'b', 'c', 'd']);
    await settle();
    assert.equal(drained, false, 'd is still being delivered');
    platform.inFlight()[0]!.settle({ ok: true });
    await draining;
    assert.deepEqual(platform.calls.map((c) => labelOf(c.job)), ['a#1', 'b#1', 'c#1', 'd#1']);
  });

  test('drain does not resolve while a dispatch waits for room', async () => {
    const { queue } = setup(1);
    const platform = gatedPlatform();
    void queue.dispatch(job('a', 1), platform.plugin);
    const second = queue.dispatch(job('a', 2), platform.plugin);
    let drained = false;
    const draining = queue.drain().then(() => (drained = true));
    await settle();
    platform.inFlight()[0]!.settle({ ok: true });
    await second;
    await settle();
    assert.equal(drained, false, 'a#2 took the freed place before the queue could look idle');
    platform.inFlight()[0]!.settle({ ok: true });
    await draining;
    assert.deepEqual(platform.calls.map((c) => labelOf(c.job)), ['a#1', 'a#2']);
  });
});
