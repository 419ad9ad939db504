/**
 * Stale alerts through the delivery queue and service, on an injected clock: an alert that reaches the head of its
 * lane after its event ended, or with less than the minimum time left ([general] alert_minimum_time), is dropped
 * (`reason="stale"`), counted, logged and its journal receipt settled — first attempts included — and never reaches
 * the platform; one with time enough is sent; direct messages keep their own time to live and one without an expiry
 * is never stale; an edit in place still goes ahead close to the end but not once the event has ended; the latency
 * histogram is labelled with the alert type.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { DeliveryJob, DeliveryOutcome, EditKey, PlatformPlugin } from '../../../core/contract.ts';
import { DIRECT_MESSAGE_TYPE, directJob } from '../../../core/delivery/direct.ts';
import { createDeliveryQueue, type DeliveryQueueOptions } from '../../../core/delivery/queue.ts';
import { createDeliveryService } from '../../../core/delivery/service.ts';
import type { DeliveryReceipt } from '../../../core/journal/types.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { createMetrics, type Metrics } from '../../../core/metrics/metrics.ts';
import { defaultConfig } from '../../helpers/config.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { deliveryCount, droppedCount, gatedPlatform, job, labelOf, manualTimers, scriptedPlatform, settle } from './queue-fixtures.ts';

const MINUTE = 60_000;
/** [general] alert_minimum_time 120 s, the default */
const MINIMUM_MS = 2 * MINUTE;
const NOW = 1_000_000;

function setup(extra: Partial<DeliveryQueueOptions> = {}) {
  const clock = { now: NOW };
  const captured = captureLog('silly');
  const metrics = createMetrics({ collectProcess: false });
  const queue = createDeliveryQueue({ log: captured.log, metrics, random: () => 0.5, now: () => clock.now, minimumTimeLeftMs: MINIMUM_MS, ...extra });
  return { queue, metrics, captured, clock };
}

/** A journal receipt that counts its settlements. */
function countingReceipt() {
  let settled = 0;
  const receipt: DeliveryReceipt = {
    settle(listener) {
      settled++;
      listener.durable();
    },
  };
  return { receipt, settled: () => settled };
}

async function latencyCounts(metrics: Metrics): Promise<Record<string, number>> {
  const { values } = await metrics.deliveryLatencySeconds.get();
  const counts: Record<string, number> = {};
  for (const v of values) if (v.metricName === 'lookout_delivery_latency_seconds_count') counts[`${v.labels.platform}/${v.labels.alert_type}`] = v.value;
  return counts;
}

describe('stale alerts at the head of a lane', () => {
  test('a first attempt whose event has ended is dropped as stale: counted, logged, its receipt settled, never sent', async () => {
    const { queue, metrics, captured } = setup();
    const platform = scriptedPlatform([]);
    const journaled = countingReceipt();
    await queue.dispatch(job('a', 1, { expiresAt: NOW - 30_000, receivedAt: NOW - 40_000 }), platform.plugin, journaled.receipt);
    await queue.drain();
    assert.deepEqual(platform.labels(), [], 'never reaches the platform');
    assert.equal(await droppedCount(metrics, 'stale', 'scripted'), 1);
    assert.equal(await deliveryCount(metrics, 'sent'), 0);
    assert.equal(journaled.settled(), 1, 'settled in the journal like any other drop');
    assert.equal(queue.queued, 0);
    const line = captured.find(/stale/);
    assert.equal(line?.level, 'verbose');
    assert.equal(line?.msg, 'delivery dropped: the alert is stale, its event has ended');
    assert.deepEqual(
      [line?.eventId, line?.platform, line?.target, line?.dropReason, line?.alertType, line?.timeLeftMs, line?.lateMs, line?.delayedBy],
      ['ev-a-1', 'scripted', 'a', 'stale', 'sighting', -30_000, 30_000 + MINIMUM_MS, 'queue'],
    );
  });

  test('less than the minimum time left is stale; time enough, or no expiry at all, is sent', async () => {
    const { queue, metrics, captured } = setup();
    const platform = scriptedPlatform([]);
    await queue.dispatch(job('close', 1, { expiresAt: NOW + MINIMUM_MS - 1 }), platform.plugin);
    await queue.dispatch(job('edge', 1, { expiresAt: NOW + MINIMUM_MS }), platform.plugin);
    await queue.dispatch(job('plenty', 1, { expiresAt: NOW + 20 * MINUTE }), platform.plugin);
    await queue.dispatch(job('forever', 1), platform.plugin);
    await queue.drain();
    assert.deepEqual(platform.labels().sort(), ['forever#1', 'plenty#1']);
    assert.equal(await droppedCount(metrics, 'stale'), 2, 'exactly the minimum left is already too little');
    assert.equal(captured.find(/stale/)?.msg, 'delivery dropped: the alert is stale, its event ends in less than alert_minimum_time');
  });

  test('without a minimum time only an alert whose event has ended is stale', async () => {
    const { queue, metrics } = setup({ minimumTimeLeftMs: undefined });
    const platform = scriptedPlatform([]);
    await queue.dispatch(job('a', 1, { expiresAt: NOW + 1 }), platform.plugin);
    await queue.dispatch(job('b', 1, { expiresAt: NOW }), platform.plugin);
    await queue.drain();
    assert.deepEqual(platform.labels(), ['a#1']);
    assert.equal(await droppedCount(metrics, 'stale'), 1);
  });

  test('direct messages: none without an expiry is stale; a time to live is their own, not shortened by the minimum', async () => {
    const { queue, metrics, clock } = setup();
    const platform = scriptedPlatform([]);
    const target = { id: 'u1', type: 'test:user', name: 'u1', language: null };
    const direct = (text: string, ttlMs?: number, at = NOW): DeliveryJob =>
      directJob(target, { content: text }, { reference: 'Test', ...(ttlMs === undefined ? {} : { ttlMs }) }, platform.plugin, `Test-${text}`, at);
    await queue.dispatch(direct('reply'), platform.plugin);
    await queue.dispatch(direct('short', 30_000), platform.plugin);
    await queue.dispatch(direct('over', 30_000, NOW - 60_000), platform.plugin);
    await queue.drain();
    clock.now = NOW + 10 * 24 * 60 * MINUTE;
    await queue.dispatch(direct('old reply', undefined, NOW), platform.plugin);
    await queue.drain();
    assert.deepEqual(platform.labels(), ['reply', 'short', 'old reply']);
    assert.equal(await droppedCount(metrics, 'stale'), 1, 'only the message whose time to live had passed');
    assert.ok(platform.delivered.every((j) => j.alertType === DIRECT_MESSAGE_TYPE));
  });

  test('an alert that reaches the head behind a slow delivery, now too late, is dropped; the lane goes on', async () => {
    const { queue, metrics, clock } = setup();
    const platform = gatedPlatform({ concurrency: 1 });
    void queue.dispatch(job('a', 1), platform.plugin);
    void queue.dispatch(job('a', 2, { expiresAt: NOW + 3 * MINUTE }), platform.plugin);
    void queue.dispatch(job('a', 3, { expiresAt: NOW + 30 * MINUTE }), platform.plugin);
    await settle();
    assert.deepEqual(platform.inFlightLabels(), ['a#1'], 'the platform holds the first delivery');
    clock.now = NOW + 2 * MINUTE; // a#2 now has one minute left
    platform.inFlight()[0]!.settle({ ok: true });
    await settle();
    assert.deepEqual(platform.inFlightLabels(), ['a#3'], 'a#2 was skipped');
    platform.inFlight()[0]!.settle({ ok: true });
    await queue.drain();
    assert.deepEqual(platform.calls.map((c) => labelOf(c.job)), ['a#1', 'a#3']);
    assert.equal(await droppedCount(metrics, 'stale'), 1);
    assert.equal(await deliveryCount(metrics, 'sent'), 2);
  });

  test('the latency from the webhook is observed by platform and alert type (direct messages as `message`)', async () => {
    const { queue, metrics } = setup();
    const platform = scriptedPlatform([], { name: 'chat' });
    const target = { id: 'u1', type: 'test:user', name: 'u1', language: null };
    await queue.dispatch(job('a', 1, { receivedAt: NOW - 2_000, expiresAt: NOW + 10 * MINUTE }), platform.plugin);
    await queue.dispatch(job('a', 2, { receivedAt: NOW - 1_000 }), platform.plugin);
    await queue.dispatch(directJob(target, { content: 'hi' }, { reference: 'Test' }, platform.plugin, 'Test-1', NOW), platform.plugin);
    await queue.dispatch(job('b', 1, { expiresAt: NOW - 1 }), platform.plugin);
    await queue.drain();
    assert.deepEqual(await latencyCounts(metrics), { 'chat/sighting': 2, 'chat/message': 1 }, 'a stale alert is not observed');
    const { values } = await metrics.deliveryLatencySeconds.get();
    const sum = values.find((v) => v.metricName === 'lookout_delivery_latency_seconds_sum' && v.labels.alert_type === 'sighting');
    assert.equal(sum?.value, 3);
  });
});

const RAID: EditKey = { key: 'raid:g1:100', until: NOW + 10 * MINUTE };
const EDIT_RULE = 2;

function editingPlatform() {
  const delivered: DeliveryJob[] = [];
  const edits: DeliveryJob[] = [];
  let seq = 0;
  const plugin: PlatformPlugin = {
    kind: 'platform',
    name: 'chat',
    targetTypes: ['chat:user'],
    templatePlatform: 'discord',
    async deliver(j): Promise<DeliveryOutcome> {
      delivered.push(j);
      return { ok: true, messageIds: [`m${++seq}`] };
    },
    async edit(j): Promise<DeliveryOutcome> {
      edits.push(j);
      return { ok: true };
    },
  };
  return { plugin, delivered, edits };
}

describe('stale edits in place (the delivery service with its sent-message memory)', () => {
  test('an edit close to the end still goes ahead; a new message then is stale; so is any once the event has ended', async () => {
    const chat = editingPlatform();
    const clock = { now: NOW };
    const rootDir = await mkdtemp(join(tmpdir(), 'lookout-stale-'));
    const metrics = createMetrics({ collectProcess: false });
    const service = createDeliveryService({
      log: silentLogger(),
      metrics,
      rootDir,
      limits: { ...defaultConfig().alert_limits },
      capacity: 10,
      minimumTimeLeftMs: MINIMUM_MS,
      platforms: [chat.plugin],
      platformForTarget: () => chat.plugin,
      registeredType: () => undefined,
      humans: { get: async () => ({ fails: 0, enabled: true, adminDisable: false }), update: async () => {} },
      failsInSnapshot: () => 0,
      now: () => clock.now,
      timers: manualTimers().timers,
      sentMemory: 100,
    });
    await service.start();
    const raid = (target: string, seq: number): DeliveryJob => ({ ...job(target, seq, { type: 'chat:user', clean: EDIT_RULE, expiresAt: RAID.until }), editKey: RAID });
    try {
      await service.dispatcher.dispatch(raid('u1', 1), chat.plugin);
      await service.dispatcher.drain();
      clock.now = RAID.until - MINUTE; // one minute left: under the minimum
      await service.dispatcher.dispatch(raid('u1', 2), chat.plugin); // u1 has a message: edited
      await service.dispatcher.dispatch(raid('u2', 1), chat.plugin); // u2 has none: a new message now is stale
      await service.dispatcher.drain();
      clock.now = RAID.until;
      await service.dispatcher.dispatch(raid('u1', 3), chat.plugin); // the raid has ended: no edit either
      await service.dispatcher.drain();
      assert.deepEqual(chat.delivered.map(labelOf), ['u1#1']);
      assert.deepEqual(chat.edits.map(labelOf), ['u1#2']);
      assert.equal(await deliveryCount(metrics, 'edited'), 1);
      assert.equal(await droppedCount(metrics, 'stale'), 2);
    } finally {
      await service.stop();
      await rm(rootDir, { recursive: true, force: true });
    }
  });
});
