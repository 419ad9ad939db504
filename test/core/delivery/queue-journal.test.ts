/**
 * The delivery queue with the journal: receipts are settled when a job finishes (sent or dropped), a destination
 * with too many finished deliveries the journal does not hold yet waits for a commit, a stop carries journaled jobs
 * over instead of dropping them,
 * a recovered job whose alert ended is dropped unsent (stale), and a 429 is a wait that spends no attempt.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { UNRECORDED_PER_DESTINATION } from '../../../core/delivery/lane.ts';
import { createDeliveryQueue, type DeliveryQueueOptions } from '../../../core/delivery/queue.ts';
import type { DeliveryReceipt, DurableListener } from '../../../core/journal/types.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { deliveryCount, droppedCount, gatedPlatform, job, manualTimers, scriptedPlatform, settle } from './queue-fixtures.ts';

function setup(extra: Partial<DeliveryQueueOptions> = {}) {
  const captured = captureLog('silly');
  const metrics = createMetrics({ collectProcess: false });
  const queue = createDeliveryQueue({ log: captured.log, metrics, random: () => 0.5, ...extra });
  return { queue, metrics, captured };
}

/** A receipt whose settlement the test makes durable when it wants (or at once). */
function receipt(options: { durableAtOnce?: boolean } = {}) {
  let settled = 0;
  const pending: DurableListener[] = [];
  const r: DeliveryReceipt = {
    settle(listener) {
      settled++;
      if (options.durableAtOnce) listener.durable();
      else pending.push(listener);
    },
  };
  return {
    receipt: r,
    settled: () => settled,
    makeDurable: () => {
      for (const listener of pending.splice(0)) listener.durable();
    },
  };
}

const RATE_LIMITED = { ok: false, permanent: false, reason: 'HTTP 429', retryAfterMs: 500 } as const;

describe('delivery queue with the journal', () => {
  test('a destination with UNRECORDED_PER_DESTINATION finished deliveries the journal does not hold yet waits; others go on', async () => {
    const { queue } = setup();
    const platform = scriptedPlatform([]);
    const receipts = Array.from({ length: UNRECORDED_PER_DESTINATION + 2 }, () => receipt());
    receipts.forEach((r, i) => queue.dispatch(job('a', i + 1), platform.plugin, r.receipt));
    queue.dispatch(job('b', 1), platform.plugin, receipt({ durableAtOnce: true }).receipt);
    await settle();
    const sentTo = (target: string) => platform.labels().filter((l) => l.startsWith(`${target}#`)).length;
    assert.equal(sentTo('a'), UNRECORDED_PER_DESTINATION, 'a waits: that many of its deliveries are finished but not recorded');
    assert.equal(sentTo('b'), 1, 'other destinations do not wait');
    assert.ok(receipts.slice(0, UNRECORDED_PER_DESTINATION).every((r) => r.settled() === 1));
    receipts[0]!.makeDurable();
    await settle();
    assert.equal(sentTo('a'), UNRECORDED_PER_DESTINATION + 1, 'one recorded: one more goes');
    for (const r of receipts) r.makeDurable();
    await settle();
    for (const r of receipts) r.makeDurable();
    await queue.drain();
    assert.equal(sentTo('a'), UNRECORDED_PER_DESTINATION + 2);
  });

  test('a destination whose messages are all sent still waits for the record of the last one before its next message', async () => {
    const { queue } = setup();
    const platform = scriptedPlatform([]);
    const first = receipt();
    queue.dispatch(job('a', 1), platform.plugin, first.receipt);
    await settle();
    assert.deepEqual(platform.labels(), ['a#1']);
    const second = receipt({ durableAtOnce: true });
    queue.dispatch(job('a', 2), platform.plugin, second.receipt);
    await settle();
    assert.deepEqual(platform.labels(), ['a#1'], 'a#1 is finished but not recorded: a#2 waits');
    first.makeDurable();
    await queue.drain();
    assert.deepEqual(platform.labels(), ['a#1', 'a#2']);
    const third = receipt({ durableAtOnce: true });
    queue.dispatch(job('a', 3), platform.plugin, third.receipt);
    await queue.drain();
    assert.deepEqual(platform.labels(), ['a#1', 'a#2', 'a#3'], 'everything recorded: the destination is forgotten and starts afresh');
  });

  test('a job dropped for a counted reason (permanent failure, stale) settles its receipt too', async () => {
    const { queue, metrics } = setup();
    const platform = scriptedPlatform([{ ok: false, permanent: true, reason: 'blocked' }]);
    const permanent = receipt({ durableAtOnce: true });
    const expired = receipt({ durableAtOnce: true });
    queue.dispatch(job('a', 1), platform.plugin, permanent.receipt);
    const stale = job('b', 1, { expiresAt: Date.now() - 1000 });
    queue.dispatch({ ...stale, meta: { ...stale.meta, recovered: true } }, platform.plugin, expired.receipt);
    await queue.drain();
    assert.equal(permanent.settled(), 1);
    assert.equal(expired.settled(), 1);
    assert.equal(await droppedCount(metrics, 'permanent'), 1);
    assert.equal(await droppedCount(metrics, 'stale'), 1);
    assert.deepEqual(platform.labels(), ['a#1'], 'the recovered job whose alert had ended is not sent late');
  });

  test('a 429 with Retry-After is a wait that spends no attempt: a long storm still ends in a delivery', async () => {
    const clock = manualTimers();
    const { queue, metrics } = setup({ timers: clock.timers, maxAttempts: 3 });
    const platform = scriptedPlatform(Array.from({ length: 8 }, () => RATE_LIMITED));
    queue.dispatch(job('a', 1), platform.plugin);
    for (let i = 0; i < 8; i++) {
      await settle();
      clock.fireAll();
    }
    await queue.drain();
    assert.equal(platform.delivered.length, 9);
    assert.equal(await deliveryCount(metrics, 'sent'), 1);
    assert.equal(await deliveryCount(metrics, 'rate_limited'), 8);
    assert.equal(await droppedCount(metrics, 'failed'), 0);
    assert.deepEqual(clock.requested, Array.from({ length: 8 }, () => 500));
  });

  test('a rate-limit wait that would outlast the alert drops it as stale', async () => {
    const clock = manualTimers();
    const { queue, metrics } = setup({ timers: clock.timers });
    const platform = scriptedPlatform([{ ...RATE_LIMITED, retryAfterMs: 60_000 }]);
    queue.dispatch(job('a', 1, { expiresAt: Date.now() + 5000 }), platform.plugin);
    await queue.drain();
    assert.equal(platform.delivered.length, 1);
    assert.equal(await droppedCount(metrics, 'stale'), 1);
    assert.equal(clock.requested.length, 0);
  });

  test('a stop after the grace period carries journaled jobs over (unsettled) and drops the others', async () => {
    const clock = manualTimers();
    const { queue, metrics } = setup({ timers: clock.timers });
    const platform = gatedPlatform({ concurrency: 1 });
    const journaled = [receipt(), receipt(), receipt()];
    journaled.forEach((r, i) => queue.dispatch(job('a', i + 1), platform.plugin, r.receipt));
    queue.dispatch(job('b', 1), platform.plugin);
    await settle();
    const closing = queue.close(1000);
    await settle();
    clock.fire(1000);
    await closing;
    assert.equal(queue.carriedOver, 2, 'a#2 and a#3; a#1 was being attempted');
    assert.equal(await droppedCount(metrics, 'shutdown'), 1, 'b#1 is not journaled');
    assert.deepEqual(journaled.map((r) => r.settled()), [0, 0, 0]);
    queue.dispatch(job('c', 1), platform.plugin, receipt().receipt);
    assert.equal(queue.carriedOver, 3, 'a journaled job dispatched after the stop waits for the next start');
    assert.equal(await droppedCount(metrics, 'shutdown'), 1);
  });
});
