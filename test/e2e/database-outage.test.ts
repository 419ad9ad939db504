/**
 * A database outage end to end. On MariaDB the service reaches the database through a TCP proxy the test cuts
 * (test/helpers/tcp-proxy.ts): while cut, the human and tracking API answers 503 with the error body, /health
 * answers 200 saying the database is unreachable, and scanner webhooks are still accepted and delivered; once
 * restored the same requests succeed without a restart; a service started while cut waits and comes up once
 * restored. SQLite has no connection to cut: its outage is a file another process keeps locked beyond the busy
 * timeout, where writes answer 503 while reads (WAL) and /health go on, until the lock is released.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Knex } from 'knex';
import { createDb } from '../../core/db/connect.ts';
import { databaseTargets, mysqlServer, openTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { captureLog } from '../helpers/log-capture.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { fixtureGameData, monsterRow, pokemonHook } from '../plugins/monster/support.ts';
import { e2e, IN_OLD_TOWN, type E2E } from './harness.ts';
import { until, within } from './wait.ts';

const SECRET = 'outage-secret';
const OUTAGE = { status: 'error', message: 'the database is unreachable; try again later' };

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** Calls the service over HTTP with the API secret. */
function client(s: E2E) {
  const base = () => `http://127.0.0.1:${(s.app.http.server.address() as { port: number }).port}`;
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${base()}${path}`, {
      method,
      headers: { 'x-service-secret': SECRET, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { call, health: () => call('GET', '/health') };
}

function service(db: Pick<TestDatabase, 'options' | 'knex'>, extra: Parameters<typeof e2e>[1] = {}) {
  return async () => e2e(db, { gameData: await fixtureGameData(), config: { processor: { host: '127.0.0.1', port: 0, api_secret: SECRET } }, ...extra });
}

/** A watcher of every pokemon in Old Town, so a webhook's delivery shows intake and matching went on. */
async function seedWatcher(s: E2E): Promise<string> {
  const hook = s.hookUrl('watcher');
  await s.addHuman({ id: hook, name: 'Watcher', area: ['old town'] });
  const { uid: _uid, ...rule } = monsterRow(hook, {});
  await s.addRule('monsters', rule);
  return hook;
}

async function postPokemon(s: E2E, encounter: string): Promise<Answer> {
  const now = Math.floor(Date.now() / 1000);
  const res = await s.post([{ type: 'pokemon', message: pokemonHook({ encounter_id: encounter, ...IN_OLD_TOWN, disappear_time: now + 1500 }) }]);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const mysqlTarget = (await databaseTargets()).find((t) => t.engine === 'mysql');
const mysqlSkip = mysqlTarget === undefined ? 'MariaDB not among LOOKOUT_TEST_ENGINES' : (mysqlTarget.skip ?? false);

/** A migrated MariaDB database and a proxy in front of it; the service is pointed at the proxy. */
async function behindProxy(): Promise<{ db: TestDatabase; proxy: TcpProxy; through: Pick<TestDatabase, 'options' | 'knex'> }> {
  if (mysqlTarget?.failure) throw new Error(mysqlTarget.failure);
  const db = await openTestDatabase('mysql', { migrate: true });
  const server = mysqlServer();
  const proxy = await startTcpProxy({ host: server.host, port: server.port });
  return { db, proxy, through: { knex: db.knex, options: { ...db.options, host: proxy.host, port: proxy.port } } };
}

describe('database outage [mysql]', () => {
  test('while cut: the API answers 503, /health 200 unreachable, webhooks are delivered; after restore all succeed', { skip: mysqlSkip }, async () => {
    const { db, proxy, through } = await behindProxy();
    const s = await service(through)();
    try {
      const watcher = await seedWatcher(s);
      const id = encodeURIComponent(watcher);
      await s.start();
      const api = client(s);
      assert.equal((await api.call('GET', '/api/humans')).status, 200);

      proxy.cut();
      const during = [
        await api.call('GET', '/api/humans'),
        await api.call('PATCH', `/api/humans/${id}`, { language: 'de' }),
        await api.call('GET', `/api/tracking/${id}`),
        await api.call('POST', `/api/tracking/raid/${id}?silent`, { level: 5 }),
      ];
      for (const answer of during) assert.deepEqual(answer, { status: 503, body: OUTAGE });
      const health = await api.health();
      assert.equal(health.status, 200);
      assert.equal(health.body.status, 'ok');
      assert.equal(health.body.database, 'unreachable');
      const webhook = await postPokemon(s, 'e-outage');
      assert.equal(webhook.status, 200);
      assert.equal(webhook.body.queued, 1);
      await until(() => s.receiver.posts.some((p) => p.path === '/hooks/watcher') || null, 'the alert of a webhook posted during the outage');

      proxy.restore();
      assert.equal((await api.call('GET', '/api/humans')).status, 200);
      assert.equal((await api.call('PATCH', `/api/humans/${id}`, { language: 'de' })).status, 200);
      assert.equal((await api.call('GET', `/api/tracking/${id}`)).status, 200);
      assert.equal((await api.call('POST', `/api/tracking/raid/${id}?silent`, { level: 5 })).status, 200);
      const human = await api.call('GET', `/api/humans/${id}`);
      assert.equal((human.body.human as { language?: string }).language, 'de');
      await until(async () => (await api.health()).body.database === 'ok', '/health to report the database again');
    } finally {
      await s.stop();
      await proxy.close();
      await db.cleanup();
    }
  });

  test('a service started while the database is cut waits, logging each retry, and comes up once restored', { skip: mysqlSkip }, async () => {
    const { db, proxy, through } = await behindProxy();
    const logs = captureLog('info');
    const s = await service(through, { log: logs.log })();
    try {
      proxy.cut();
      const starting = s.start();
      await until(() => logs.find(/^database unreachable, retrying in \d+ s$/), 'the first retry to be logged');
      proxy.restore();
      await within(starting, 'the start once the database is back', 60_000);
      const api = client(s);
      assert.equal((await api.call('GET', '/api/humans')).status, 200);
      assert.equal((await api.health()).body.database, 'ok');
      assert.ok(logs.find('database reachable again; start continues'));
    } finally {
      await s.stop();
      await proxy.close();
      await db.cleanup();
    }
  });
});

describe('database outage [sqlite]', () => {
  test('a file locked elsewhere beyond the busy timeout: writes answer 503, reads and /health go on; after release writes succeed', async () => {
    const db = await openTestDatabase('sqlite', { migrate: true });
    const s = await service(db)();
    // a second connection to the file (another process, in production) holding its write lock
    const locker = createDb(db.options);
    let lock: Knex.Transaction | null = null;
    try {
      const watcher = await seedWatcher(s);
      const id = encodeURIComponent(watcher);
      await s.start();
      const api = client(s);

      lock = await locker.transaction();
      await lock('humans').update({ notes: 'locked' }).where({ id: watcher });
      assert.deepEqual(await api.call('PATCH', `/api/humans/${id}`, { language: 'de' }), { status: 503, body: OUTAGE });
      assert.deepEqual(await api.call('POST', `/api/tracking/raid/${id}?silent`, { level: 5 }), { status: 503, body: OUTAGE });
      assert.equal((await api.call('GET', '/api/humans')).status, 200);
      assert.equal((await api.call('GET', `/api/tracking/${id}`)).status, 200);
      const health = await api.health();
      assert.equal(health.status, 200);
      assert.equal(health.body.database, 'ok');
      assert.equal((await postPokemon(s, 'e-locked')).status, 200);

      await lock.rollback();
      assert.equal((await api.call('PATCH', `/api/humans/${id}`, { language: 'de' })).status, 200);
      assert.equal((await api.call('POST', `/api/tracking/raid/${id}?silent`, { level: 5 })).status, 200);
    } finally {
      if (lock && !lock.isCompleted()) await lock.rollback();
      await locker.destroy();
      await s.stop();
      await db.cleanup();
    }
  });
});
