/**
 * The kernel end to end: a real app on each database engine, the test plugin, real HTTP.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { createApp } from '../../core/app.ts';
import type { Plugin } from '../../core/contract.ts';
import { HumanStore } from '../../core/db/index.ts';
import { GameData } from '../../core/gamedata/index.ts';
import { jsonRenderer, recordingPlatform } from '../fixtures/recording-platform.ts';
import { SIGHTING_TABLE, sightingColumns, sightingPlugin, type SightingOptions } from '../fixtures/sighting-plugin.ts';
import { forEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { appConfigFor } from '../helpers/app-config.ts';
import { captureLog } from '../helpers/log-capture.ts';

async function createSightingTable(db: TestDatabase): Promise<void> {
  await db.knex.schema.createTable(SIGHTING_TABLE, sightingColumns);
}

async function startApp(db: TestDatabase, options: { plugin?: SightingOptions; delayMs?: number; extra?: Record<string, unknown>; seed?: () => Promise<void> } = {}) {
  await createSightingTable(db);
  const humans = new HumanStore(db.knex);
  await humans.create({ id: 'hook-1', type: 'webhook', name: 'Hook 🦊' });
  await humans.create({ id: 'user-2', type: 'test:user', name: 'Bob', language: 'de' });
  await humans.create({ id: 'user-3', type: 'test:user', name: 'Off', enabled: false });
  await db.knex(SIGHTING_TABLE).insert([
    { id: 'hook-1', species: 25 },
    { id: 'user-2', species: 0 },
    { id: 'user-3', species: 25 },
  ]);
  await options.seed?.();
  const config = appConfigFor(db.options, { processor: { host: '127.0.0.1', port: 0, api_secret: 'top' }, ...options.extra });
  const captured = captureLog('debug');
  const platform = recordingPlatform({ delayMs: options.delayMs });
  const app = await createApp({ config, rootDir: mkdtempSync(join(tmpdir(), 'lookout-app-')), log: captured.log, plugins: [sightingPlugin(options.plugin) as unknown as Plugin, platform.plugin], renderer: jsonRenderer, gameData: GameData.empty() });
  const port = await app.listen();
  const post = (body: unknown) => fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { app, port, sent: platform.sent, post, captured };
}

async function eventually(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('app', () => {
  test('a webhook batch flows from POST / to the platform; other items of the batch are unaffected', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const { app, sent, post } = await startApp(db);
        try {
          const res = await post([
            { type: 'sighting', message: { id: 'a', species: 25 } },
            { type: 'nonsense', message: {} },
            { type: 'sighting', message: { id: 7, species: 25 } },
            'not an item',
            { type: 'sighting', message: { id: 'b', species: 1 } },
          ]);
          assert.equal(res.status, 200);
          const body = (await res.json()) as { queued: number; rejected: number };
          assert.equal(body.queued, 3);
          assert.equal(body.rejected, 2);
          await eventually(() => sent.length === 3);
          assert.deepEqual(sent.map((j) => `${j.target.id}:${(j.message.body as { view: { sightingId: string } }).view.sightingId}`).sort(), ['hook-1:a', 'user-2:a', 'user-2:b']);
          const greeting = sent.find((j) => j.target.id === 'user-2')!.message.body as { view: { greeting: string } };
          assert.equal(greeting.view.greeting, 'Hallo');
          const metrics = await (await fetch(`http://127.0.0.1:${(app.http.server.address() as { port: number }).port}/metrics`)).text();
          assert.match(metrics, /lookout_webhooks_rejected_total\{type="unknown",reason="unknown_type"\} 1/);
          assert.match(metrics, /lookout_webhooks_rejected_total\{type="sighting",reason="malformed"\} 1/);
        } finally {
          await app.stop();
        }
      },
      { migrate: true },
    );
  });

  test('a database change reaches matching after /api/reload, and the snapshot is swapped', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const { app, sent, post, port } = await startApp(db);
        try {
          const before = app.state.current;
          await db.knex('humans').where({ id: 'user-3' }).update({ enabled: 1 });
          const unauth = await fetch(`http://127.0.0.1:${port}/api/reload`);
          assert.equal(unauth.status, 401);
          const res = await fetch(`http://127.0.0.1:${port}/api/reload`, { method: 'POST', headers: { 'x-service-secret': 'top' } });
          assert.deepEqual(await res.json(), { status: 'ok' });
          assert.notEqual(app.state.current, before);
          await post([{ type: 'sighting', message: { id: 'c', species: 25 } }]);
          await eventually(() => sent.length === 3);
          assert.ok(sent.some((j) => j.target.id === 'user-3'));
        } finally {
          await app.stop();
        }
      },
      { migrate: true },
    );
  });

  test('a mutation through the stores reaches matching by itself (debounced rebuild)', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const { app, sent, post } = await startApp(db);
        try {
          const before = app.state.current.version;
          await app.stores.humans.update('user-3', { enabled: true });
          await app.stores.profiles.create({ id: 'user-3', name: 'Home' });
          await app.state.settled();
          assert.equal(app.state.current.version, before + 1, 'two quick mutations, one rebuild');
          await post([{ type: 'sighting', message: { id: 'd', species: 25 } }]);
          await eventually(() => sent.some((j) => j.target.id === 'user-3'));
        } finally {
          await app.stop();
        }
      },
      { migrate: true },
    );
  });

  test('graceful stop: accepted webhooks are processed and delivered before stop resolves', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const { app, sent, post } = await startApp(db, { plugin: { onEnrich: () => new Promise((r) => setTimeout(r, 20)) }, delayMs: 10, extra: { alert_limits: { dm_limit: 0 } } });
        const batch = Array.from({ length: 30 }, (_, i) => ({ type: 'sighting', message: { id: `s${i}`, species: 25 } }));
        assert.equal((await post(batch)).status, 200);
        await app.stop();
        assert.equal(sent.length, 60);
        await assert.rejects(post(batch));
      },
      { migrate: true },
    );
  });

  test('at start, neutral human types are repaired and every type no platform serves is warned about', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const row = (id: string, type: string) => ({ id, type, name: id, area: '[]', community_membership: '[]' });
        const seed = async () => void (await db.knex('humans').insert([row('tg-1', 'chat_b:user'), row('tg-2', 'telegram:user'), row('grp', 'telegram:group')]));
        const { app, captured } = await startApp(db, { seed });
        try {
          assert.equal((await app.stores.humans.get('tg-1'))?.type, 'telegram:user');
          const warnings = captured.lines.filter((l) => l.msg === 'no running platform delivers to this human type: these humans receive no alerts');
          assert.deepEqual(
            warnings.map((w) => [w.type, w.humans, w.ids]),
            [['telegram:group', 1, ['grp']], ['telegram:user', 2, ['tg-1', 'tg-2']]],
            'served types (webhook, test:user) are not named',
          );
        } finally {
          await app.stop();
        }
      },
      { migrate: true },
    );
  });

  test('the disable switch of a plugin is honoured end to end', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const { app, sent, post } = await startApp(db, { extra: { general: { disable_creature: true } } });
        try {
          await post([{ type: 'sighting', message: { id: 'z', species: 25 } }]);
          await new Promise((r) => setTimeout(r, 100));
          assert.equal(sent.length, 0);
        } finally {
          await app.stop();
        }
      },
      { migrate: true },
    );
  });
});
