/**
 * Alert limits as the delivery queue applies them: over the limit nothing is sent and the drop is counted; the
 * target gets one plain notice per period; the hit that reaches max_limits_before_stop stops the target,
 * tells it and reports it to the shame channel.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DeliveryJob } from '../../../core/contract.ts';
import type { LimitHit } from '../../../core/delivery/limit-notices.ts';
import { createAlertLimiter, type LimitSettings } from '../../../core/delivery/limits.ts';
import type { QueueLimits } from '../../../core/delivery/head-attempt.ts';
import { createDeliveryQueue } from '../../../core/delivery/queue.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { droppedCount, job, scriptedPlatform } from './queue-fixtures.ts';

const PERIOD_MS = 60_000;

function limitSettings(extra: Partial<LimitSettings> = {}): LimitSettings {
  return { periodMs: PERIOD_MS, dmLimit: 2, channelLimit: 3, maxHitsBeforeStop: 2, hitWindowMs: 86_400_000, overrides: new Map(), ...extra };
}

function setup(options: { settings?: Partial<LimitSettings>; adminDisable?: boolean; shame?: boolean } = {}) {
  let now = 0;
  const captured = captureLog('silly');
  const metrics = createMetrics({ collectProcess: false });
  const platform = scriptedPlatform([], { targetTypes: ['chat:user', 'chat:channel'], commandPrefix: '!' });
  const shamePlatform = scriptedPlatform([], { name: 'shame-platform', targetTypes: ['chat:channel'] });
  const stops: { target: DeliveryJob['target']; hit: LimitHit }[] = [];
  const limits: QueueLimits = {
    limiter: createAlertLimiter(limitSettings(options.settings), () => now),
    adminDisable: options.adminDisable ?? false,
    shame: () => (options.shame ? { target: { id: 'shame-1', type: 'chat:channel', name: 'shame channel', language: null }, platform: shamePlatform.plugin } : null),
    onStop: (target, hit) => void stops.push({ target, hit }),
  };
  const queue = createDeliveryQueue({ log: captured.log, metrics, limits, now: () => now });
  return {
    queue,
    metrics,
    captured,
    platform,
    shamePlatform,
    stops,
    setNow: (at: number) => (now = at),
    /** dispatches `count` alerts to one user and waits until they are all handled */
    async burst(count: number, target = 'u1', type = 'chat:user') {
      for (let seq = 1; seq <= count; seq++) await queue.dispatch(job(target, seq, { type }), platform.plugin);
      await queue.drain();
    },
  };
}

const contents = (jobs: readonly DeliveryJob[]) => jobs.map((j) => String(j.message.body.content));

describe('alert limits in the delivery queue', () => {
  test('a job its sender counted against a limit of its own (ownLimit) is not limited', async () => {
    const s = setup({ settings: { maxHitsBeforeStop: 0 } });
    for (let seq = 1; seq <= 4; seq++) await s.queue.dispatch({ ...job('u1', seq, { type: 'chat:user' }), ownLimit: true }, s.platform.plugin);
    await s.queue.drain();
    assert.deepEqual(contents(s.platform.delivered), ['u1#1', 'u1#2', 'u1#3', 'u1#4']);
  });

  test('a user over dm_limit: the rest is not sent, each counted as dropped `limit`, and the user is told once', async () => {
    const s = setup({ settings: { maxHitsBeforeStop: 0 } });
    await s.burst(5);
    const sent = contents(s.platform.delivered);
    assert.deepEqual(sent.slice(0, 2), ['u1#1', 'u1#2']);
    assert.equal(sent.length, 3, 'two alerts and one notice');
    assert.match(sent[2]!, /2 alerts in 60 seconds/);
    assert.match(sent[2]!, /resume/);
    const notice = s.platform.delivered[2]!;
    assert.deepEqual(notice.message, { platform: 'discord', body: { content: sent[2] } }, 'a plain content body for the platform templates');
    assert.equal(notice.target.id, 'u1');
    assert.equal(await droppedCount(s.metrics, 'limit'), 3);
    const dropLine = s.captured.lines.find((l) => l.dropReason === 'limit');
    assert.equal(dropLine?.eventId, 'ev-u1-3');
  });

  test('a channel gets channel_limit', async () => {
    const s = setup({ settings: { maxHitsBeforeStop: 0 } });
    await s.burst(5, 'c1', 'chat:channel');
    assert.deepEqual(contents(s.platform.delivered).slice(0, 3), ['c1#1', 'c1#2', 'c1#3']);
    assert.equal(s.platform.delivered.length, 4);
    assert.equal(await droppedCount(s.metrics, 'limit'), 2);
  });

  test('the notice comes again in the next period, when the limit is hit again', async () => {
    const s = setup({ settings: { maxHitsBeforeStop: 0 } });
    await s.burst(4);
    s.setNow(PERIOD_MS + 1);
    await s.burst(4);
    const notices = s.platform.delivered.filter((j) => j.alertType !== 'sighting');
    assert.equal(notices.length, 2);
    assert.equal(s.stops.length, 0);
  });

  test('after max_limits_before_stop hits the target is stopped, told how to resume, and reported to the shame channel', async () => {
    const s = setup({ shame: true });
    await s.burst(3);
    assert.equal(s.stops.length, 0, 'one hit is not enough');
    s.setNow(PERIOD_MS + 1);
    await s.burst(3);
    assert.equal(s.stops.length, 1);
    assert.equal(s.stops[0]!.target.id, 'u1');
    assert.equal(s.stops[0]!.hit.hits, 2);
    const last = contents(s.platform.delivered).at(-1)!;
    assert.match(last, /stopped/);
    assert.match(last, /!start/);
    assert.equal(s.shamePlatform.delivered.length, 1);
    const report = s.shamePlatform.delivered[0]!;
    assert.deepEqual(report.target, { id: 'shame-1', type: 'chat:channel', name: 'shame channel', language: null });
    assert.match(String(report.message.body.content), /name-u1/);
    assert.match(String(report.message.body.content), /stopped/);
    assert.ok(s.captured.find(/stopping the target/));
  });

  test('with disable_on_stop the notice says an administrator must re-enable; no shame channel, no report', async () => {
    const s = setup({ adminDisable: true, settings: { maxHitsBeforeStop: 1 } });
    await s.burst(3);
    assert.equal(s.stops.length, 1);
    const last = contents(s.platform.delivered).at(-1)!;
    assert.match(last, /administrator/);
    assert.doesNotMatch(last, /!start/);
    assert.equal(s.shamePlatform.delivered.length, 0);
  });

  test('notices and reports are not limited themselves and do not count against the limit', async () => {
    const s = setup({ settings: { dmLimit: 1, maxHitsBeforeStop: 0 } });
    await s.burst(3);
    assert.equal(s.platform.delivered.length, 2, 'the alert and its notice');
    s.setNow(PERIOD_MS + 1);
    await s.burst(1);
    assert.equal(s.platform.delivered.length, 3, 'the next period starts with room for one alert');
  });

  test('an override by webhook name sets that target\'s limit', async () => {
    const s = setup({ settings: { overrides: new Map([['big-hook', 4]]), maxHitsBeforeStop: 0 } });
    for (let seq = 1; seq <= 5; seq++) await s.queue.dispatch(job('https://hooks.example/1/t', seq, { type: 'webhook', name: 'big-hook' }), s.platform.plugin);
    await s.queue.drain();
    assert.equal(s.platform.delivered.filter((j) => j.alertType === 'sighting').length, 4);
  });
});
