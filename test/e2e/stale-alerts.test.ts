/**
 * Stale alerts end to end (SQLite): with `[general] alert_minimum_time = 5` and deliveries held by the maintenance
 * pause (standing in for a platform that is slow to take them), two raids are matched and queued: one ending 7 s
 * after the webhook, one in half an hour. Once the first has less than 5 s left the pause ends: the first is dropped
 * (`lookout_deliveries_dropped_total{reason="stale"}`) and never sent, the second goes out — the configured minimum
 * reaches the delivery queue.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openTestDatabase } from '../helpers/databases.ts';
import { metricValue } from '../helpers/metrics.ts';
import { fixtureGameData, raidHook, raidRow } from '../plugins/raid/support.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { until } from './wait.ts';

const SECRET = 'stale-e2e-secret';
const MINIMUM_S = 5;

describe('stale alerts', () => {
  test('an alert with less than alert_minimum_time left when its turn comes is dropped as stale, never sent late', async () => {
    const db = await openTestDatabase('sqlite', { migrate: true });
    const s = await e2e(db, {
      gameData: await fixtureGameData(),
      config: { processor: { host: '127.0.0.1', port: 0, api_secret: SECRET }, general: { maintenance: true, alert_minimum_time: MINIMUM_S } },
    });
    const fans = s.hookUrl('fans');
    try {
      await s.addHuman({ id: fans, name: 'Mewtwo fans', area: ['old town'] });
      const { uid: _uid, ...rule } = raidRow(fans, { pokemon_id: 150, level: 9000 });
      await s.addRule('raid', rule);
      await s.start();
      const api = async (method: 'GET' | 'POST', path: string, body?: unknown) =>
        fetch(`${s.baseUrl}/api${path}`, { method, headers: { 'content-type': 'application/json', 'x-poracle-secret': SECRET }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const queued = async () => ((await (await api('GET', '/maintenance')).json()) as { maintenance: { queued: number } }).maintenance.queued;

      const now = Math.floor(Date.now() / 1000);
      const soon = now + MINIMUM_S + 2;
      const ending = raidHook({ ...IN_OLD_TOWN, gym_id: 'ending.16', start: now - 900, end: soon, spawn: now - 4500 });
      const lasting = raidHook({ ...IN_OLD_TOWN, gym_id: 'lasting.16', start: now - 900, end: now + 1800, spawn: now - 4500 });
      assert.equal((await s.post([{ type: 'raid', message: ending }, { type: 'raid', message: lasting }])).status, 200);
      await until(async () => (await queued()) === 2, 'both raids matched and queued (the first had more than the minimum left)');
      await until(() => Date.now() > (soon - MINIMUM_S) * 1000, 'the first raid to have less than the minimum left', { everyMs: 50 });

      assert.equal((await api('POST', '/maintenance', { enabled: false })).status, 200);
      await until(async () => (await queued()) === 0, 'the queue empty');
      assert.equal(await metricValue(s.app.metrics, 'lookout_deliveries_dropped_total', { reason: 'stale' }), 1);
      assert.equal(await metricValue(s.app.metrics, 'lookout_deliveries_total', { outcome: 'sent' }), 1);
    } finally {
      await s.stop();
      await db.cleanup();
    }
    assert.equal(s.receiver.posts.length, 1, 'only the raid that lasts');
  });
});
