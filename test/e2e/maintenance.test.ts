/**
 * The maintenance pause end to end, on SQLite and MariaDB: started with [general] maintenance = true, the app takes
 * and matches a raid webhook and queues an API message, but delivers nothing; the API reads the pause (and refuses
 * a request without the secret). Once the short-lived message has expired, POST /api/maintenance ends the pause:
 * the raid goes out, the expired message is dropped (stale), never sent late. A pause switched on by
 * the API holds the next raid the same way until it is switched off.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { metricValue } from '../helpers/metrics.ts';
import { fixtureGameData, raidHook, raidRow } from '../plugins/raid/support.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { textOf } from './receiver.ts';
import { until } from './wait.ts';

const SECRET = 'maintenance-e2e-secret';

interface State {
  readonly enabled: boolean;
  readonly since: string | null;
  readonly source: string | null;
  readonly queued: number;
}

describe('maintenance pause', () => {
  test('deliveries wait while paused, go out when it ends, and an alert that expired meanwhile is dropped', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData(), config: { processor: { host: '127.0.0.1', port: 0, api_secret: SECRET }, general: { maintenance: true } } });
        const fans = s.hookUrl('fans');
        const news = s.hookUrl('news');
        const now = Math.floor(Date.now() / 1000);
        try {
          await s.addHuman({ id: fans, name: 'Mewtwo fans', area: ['old town'] });
          await s.addHuman({ id: news, name: 'News' });
          const { uid: _uid, ...rule } = raidRow(fans, { pokemon_id: 150, level: 9000 });
          await s.addRule('raid', rule);
          await s.start();
          const api = async (method: 'GET' | 'POST', path: string, body?: unknown, secret = SECRET) =>
            fetch(`${s.baseUrl}/api${path}`, { method, headers: { 'content-type': 'application/json', 'x-poracle-secret': secret }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
          const state = async (): Promise<State> => ((await (await api('GET', '/maintenance')).json()) as { maintenance: State }).maintenance;

          const first = await state();
          assert.equal(first.enabled, true);
          assert.equal(first.source, 'config');
          assert.ok(first.since);
          assert.equal((await api('GET', '/maintenance', undefined, 'wrong')).status, 401);
          assert.equal((await api('POST', '/maintenance', { enabled: 'yes' })).status, 400);
          assert.match(await (await fetch(`${s.baseUrl}/metrics`)).text(), /^lookout_maintenance 1$/m);

          const raid = raidHook({ ...IN_OLD_TOWN, start: now - 900, end: now + 1800, spawn: now - 4500 });
          assert.equal((await s.post([{ type: 'raid', message: raid }])).status, 200);
          const queued = await api('POST', '/postMessage', { target: news, type: 'webhook', message: 'Gone in a second', tth: { seconds: 1 } });
          assert.equal(queued.status, 200);
          // its expiry was set before the answer came
          const answeredAt = Date.now();
          await until(async () => (await state()).queued === 2, 'the raid and the message queued');
          assert.equal(s.receiver.posts.length, 0, 'nothing is delivered while paused');
          // the message's time to live runs out while deliveries are paused
          await until(() => Date.now() > answeredAt + 1_100, 'the message to expire', { everyMs: 50 });

          const resumed = (await (await api('POST', '/maintenance', { enabled: false })).json()) as { status: string; maintenance: State };
          assert.equal(resumed.status, 'ok');
          assert.equal(resumed.maintenance.enabled, false);
          assert.equal(resumed.maintenance.source, null);
          await until(() => s.receiver.posts.length >= 1, 'the held raid delivered');
          await until(async () => (await state()).queued === 0, 'the queue empty');
          assert.equal(await metricValue(s.app.metrics, 'lookout_deliveries_dropped_total', { reason: 'stale' }), 1);

          const paused = (await (await api('POST', '/maintenance', { enabled: true })).json()) as { maintenance: State };
          assert.equal(paused.maintenance.enabled, true);
          assert.equal(paused.maintenance.source, 'api');
          const later = raidHook({ ...IN_OLD_TOWN, gym_id: 'second.16', start: now - 600, end: now + 1800, spawn: now - 4200 });
          assert.equal((await s.post([{ type: 'raid', message: later }])).status, 200);
          await until(async () => (await state()).queued === 1, 'the second raid queued');
          assert.equal(s.receiver.posts.length, 1, 'the second raid waits');
          assert.equal((await api('POST', '/maintenance', { enabled: false })).status, 200);
          await until(() => s.receiver.posts.length >= 2, 'the second raid delivered');
          assert.match(await (await fetch(`${s.baseUrl}/metrics`)).text(), /^lookout_maintenance 0$/m);
        } finally {
          await s.stop();
        }
        assert.deepEqual(
          s.receiver.posts.map((p) => p.path),
          ['/hooks/fans', '/hooks/fans'],
          'both raids, and never the expired message',
        );
        assert.match(textOf(s.receiver.posts[0]!), /Mewtwo/);
      },
      { migrate: true },
    );
  });
});
