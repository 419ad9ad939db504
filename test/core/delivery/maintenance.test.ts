/**
 * The maintenance pause of the delivery queue: while paused nothing is attempted (new messages, messages already
 * waiting for a slot, retries whose wait ends) but everything is kept, in order; resuming sends it; an alert that
 * went stale while paused is dropped with reason stale (its log line naming the pause), never sent late; the Maintenance switch keeps the
 * gauge and says who paused and since when; a stop while paused does not wait for a queue that cannot move.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Maintenance } from '../../../core/delivery/maintenance.ts';
import { createDeliveryQueue, type DeliveryQueueOptions } from '../../../core/delivery/queue.ts';
import { LookoutError } from '../../../core/errors.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { metricValue } from '../../helpers/metrics.ts';
import { deliveryCount, droppedCount, gatedPlatform, job, labelOf, manualTimers, scriptedPlatform, settle } from './queue-fixtures.ts';

function setup(extra: Partial<DeliveryQueueOptions> = {}) {
  const metrics = createMetrics({ collectProcess: false });
  const queue = createDeliveryQueue({ log: silentLogger(), metrics, random: () => 0.5, ...extra });
  return { queue, metrics };
}

describe('maintenance pause', () => {
  test('while paused nothing is attempted and nothing is lost; resuming sends everything, in order per destination', async () => {
    const { queue, metrics } = setup();
    const platform = scriptedPlatform([]);
    queue.pause();
    for (const seq of [1, 2, 3]) await queue.dispatch(job('a', seq), platform.plugin);
    await queue.dispatch(job('b', 1), platform.plugin);
    await settle();
    assert.deepEqual(platform.labels(), []);
    assert.equal(queue.queued, 4);
    assert.equal(queue.paused, true);
    queue.resume();
    await queue.drain();
    assert.deepEqual(platform.labels().filter((l) => l.startsWith('a')), ['a#1', 'a#2', 'a#3']);
    assert.deepEqual(platform.labels().sort(), ['a#1', 'a#2', 'a#3', 'b#1']);
    assert.equal(await deliveryCount(metrics, 'sent'), 4);
  });

  test('a pause holds messages already queued: the one being sent finishes, the ones waiting for a slot wait', async () => {
    const { queue } = setup();
    const platform = gatedPlatform({ concurrency: 1 });
    queue.dispatch(job('a', 1), platform.plugin);
    queue.dispatch(job('a', 2), platform.plugin);
    queue.dispatch(job('b', 1), platform.plugin);
    await settle();
    assert.deepEqual(platform.inFlightLabels(), ['a#1']);
    queue.pause();
    platform.inFlight()[0]!.settle({ ok: true });
    await settle();
    assert.deepEqual(platform.inFlightLabels(), [], 'b#1 had a slot coming but gives it back');
    assert.equal(queue.queued, 2);
    queue.resume();
    await settle();
    assert.equal(platform.inFlight().length, 1);
    while (platform.inFlight().length > 0) {
      platform.inFlight()[0]!.settle({ ok: true });
      await settle();
    }
    assert.deepEqual(platform.calls.map((c) => labelOf(c.job)).sort(), ['a#1', 'a#2', 'b#1']);
    await queue.drain();
  });

  test('a retry whose wait ends while paused waits for the resume', async () => {
    const manual = manualTimers();
    const { queue } = setup({ timers: manual.timers });
    const platform = scriptedPlatform([new LookoutError('UNAVAILABLE', 'try later')]);
    await queue.dispatch(job('a', 1), platform.plugin);
    await settle();
    assert.equal(manual.pendingCount(), 1, 'the retry waits');
    queue.pause();
    manual.fireAll();
    await settle();
    assert.deepEqual(platform.labels(), ['a#1'], 'no second attempt while paused');
    queue.resume();
    await queue.drain();
    assert.deepEqual(platform.labels(), ['a#1', 'a#1']);
  });

  test('an alert that went stale while paused is dropped (stale), not sent late; the others go out', async () => {
    let now = 1_000;
    const { queue, metrics } = setup({ now: () => now });
    const platform = gatedPlatform({ concurrency: 1 });
    queue.dispatch(job('a', 1), platform.plugin); // being sent when the pause begins
    queue.dispatch(job('b', 1, { expiresAt: 5_000 }), platform.plugin); // queued before the pause
    await settle();
    queue.pause();
    queue.dispatch(job('c', 1, { expiresAt: 5_000 }), platform.plugin); // queued during the pause
    queue.dispatch(job('d', 1, { expiresAt: 60_000 }), platform.plugin); // still good after it
    queue.dispatch(job('e', 1), platform.plugin); // never expires
    platform.inFlight()[0]!.settle({ ok: true });
    await settle();
    now = 10_000;
    queue.resume();
    await settle();
    while (platform.inFlight().length > 0) {
      platform.inFlight()[0]!.settle({ ok: true });
      await settle();
    }
    await queue.drain();
    assert.deepEqual(platform.calls.map((c) => labelOf(c.job)), ['a#1', 'd#1', 'e#1']);
    assert.equal(await droppedCount(metrics, 'stale'), 2);
    assert.equal(await deliveryCount(metrics, 'sent'), 3, 'the stale ones were never attempted');
  });

  test('the log line of an alert that went stale while paused names the pause and how late it is', async () => {
    let now = 1_000;
    const captured = captureLog('silly');
    const { queue } = setup({ now: () => now, log: captured.log, minimumTimeLeftMs: 2_000 });
    const platform = scriptedPlatform([]);
    queue.pause();
    await queue.dispatch(job('a', 1, { expiresAt: 11_000, receivedAt: 500 }), platform.plugin);
    now = 10_000;
    queue.resume();
    await queue.drain();
    assert.deepEqual(platform.labels(), []);
    const line = captured.find(/stale/);
    assert.equal(line?.level, 'verbose');
    assert.deepEqual(
      [line?.eventId, line?.platform, line?.target, line?.dropReason, line?.delayedBy, line?.timeLeftMs, line?.lateMs, line?.sinceWebhookMs],
      ['ev-a-1', 'scripted', 'a', 'stale', 'maintenance', 1_000, 1_000, 9_500],
    );
  });

  test('a stop while paused does not wait out the grace period: an unjournaled message is dropped as shutdown', async () => {
    const { queue, metrics } = setup();
    const platform = scriptedPlatform([]);
    queue.pause();
    await queue.dispatch(job('a', 1), platform.plugin);
    await queue.close(3_600_000);
    assert.deepEqual(platform.labels(), []);
    assert.equal(await droppedCount(metrics, 'shutdown'), 1);
  });
});

describe('Maintenance switch', () => {
  test('gauge, source and since follow the switch; switching to the current state changes nothing', async () => {
    const { queue, metrics } = setup();
    let now = 1_700_000_000_000;
    const maintenance = new Maintenance(queue, metrics, silentLogger(), () => now);
    const gauge = () => metricValue(metrics, 'lookout_maintenance', {});
    assert.deepEqual(maintenance.state(), { enabled: false, since: null, source: null, queued: 0 });
    assert.equal(await gauge(), 0);
    assert.deepEqual(maintenance.set(true, 'config'), { enabled: true, since: now, source: 'config', queued: 0 });
    assert.equal(await gauge(), 1);
    assert.equal(queue.paused, true);
    now += 5_000;
    assert.deepEqual(maintenance.set(true, 'api'), { enabled: true, since: now - 5_000, source: 'config', queued: 0 }, 'already on: unchanged');
    assert.deepEqual(maintenance.set(false, 'api'), { enabled: false, since: null, source: null, queued: 0 });
    assert.equal(await gauge(), 0);
    assert.equal(queue.paused, false);
  });
});
