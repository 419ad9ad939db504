/**
 * POST /api/postMessage end to end, on SQLite and MariaDB: the real app over real HTTP queues API messages to a
 * registered webhook human (its id is the local receiver's URL), and the `webhook` platform posts them there as
 * Discord messages; a type no running platform serves is a 503.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData } from '../helpers/plugin-setup.ts';
import { e2e } from './harness.ts';
import { textOf } from './receiver.ts';
import { until } from './wait.ts';

const SECRET = 'messages-e2e-secret';

describe('API messages reach their targets', () => {
  test('postMessage to a webhook human arrives at its URL; a discord type without the bot is refused', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData(), config: { processor: { host: '127.0.0.1', port: 0, api_secret: SECRET } } });
        try {
          const hook = s.hookUrl('announcements');
          await s.addHuman({ id: hook, name: 'Announcements' });
          await s.start();
          const url = `http://127.0.0.1:${(s.app.http.server.address() as { port: number }).port}/api/postMessage`;
          const post = (body: unknown) =>
            fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-poracle-secret': SECRET }, body: JSON.stringify(body) });

          const res = await post([
            { target: hook, type: 'webhook', name: 'Announcements', message: 'Community Day starts at 2pm', logReference: 'e2e' },
            { target: hook, type: 'webhook', message: { embeds: [{ title: 'Raid hour', description: 'Wednesday 6pm' }] }, clean: 0, tth: { minutes: 30 } },
          ]);
          assert.equal(res.status, 200);
          assert.deepEqual(await res.json(), { status: 'ok', queued: 2 });
          const posts = await until(() => (s.receiver.posts.length >= 2 ? s.receiver.posts : null), 'both messages at the receiver');
          assert.deepEqual(
            posts.map((p) => p.path),
            ['/hooks/announcements', '/hooks/announcements'],
          );
          assert.match(textOf(posts[0]!), /Community Day starts at 2pm/);
          assert.match(textOf(posts[1]!), /Raid hour\nWednesday 6pm/);

          const refused = await post({ target: '1234', type: 'discord:user', message: 'no bot here' });
          assert.equal(refused.status, 503);
          assert.deepEqual(await refused.json(), { status: 'error', message: 'no platform is running for discord:user' });
        } finally {
          await s.stop();
        }
        assert.equal(s.receiver.posts.length, 2, 'nothing else was delivered');
      },
      { migrate: true },
    );
  });
});
