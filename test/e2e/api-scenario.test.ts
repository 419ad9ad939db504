/**
 * A web client's whole journey over real HTTP, on SQLite and MariaDB: it registers a webhook target through
 * the API, saves a location, adds rules of three types in one body (a pokemon limited to an area, a raid by
 * distance from the human, a lure by distance from the saved location), a matching scanner webhook for each
 * reaches the target, deleting the location the lure rule measures from is refused, and removing the human
 * removes its rules.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { stopHook } from '../plugins/lure/support.ts';
import { pokemonHook } from '../plugins/monster/support.ts';
import { fixtureGameData, raidHook } from '../plugins/raid/support.ts';
import { e2e, IN_OLD_TOWN, IN_RIVERSIDE } from './harness.ts';
import { textOf } from './receiver.ts';
import { until } from './wait.ts';

const SECRET = 'scenario-secret';
const nowS = () => Math.floor(Date.now() / 1000);

describe('a web client manages a target through the API', () => {
  test('register, locations, rules of several types, alerts, a refused location delete, removal', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData(), config: { processor: { host: '127.0.0.1', port: 0, api_secret: SECRET } } });
        await s.start();
        const base = `http://127.0.0.1:${(s.app.http.server.address() as { port: number }).port}`;
        const api = async (method: string, path: string, body?: unknown) => {
          const res = await fetch(`${base}/api${path}`, {
            method,
            headers: { 'x-service-secret': SECRET, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          return { status: res.status, body: (await res.json()) as Record<string, unknown> };
        };
        try {
          const hook = s.hookUrl('client');
          const id = encodeURIComponent(hook);
          const near = { latitude: IN_OLD_TOWN.latitude + 0.002, longitude: IN_OLD_TOWN.longitude };
          assert.equal((await api('POST', '/humans', { id: hook, name: 'Web client', type: 'webhook', area: ['Old Town'], ...near })).status, 200);
          assert.equal((await api('POST', `/humans/${id}/locations/add`, { label: 'park', ...IN_RIVERSIDE })).status, 200);
          const added = await api('POST', `/tracking/${id}`, [
            { type: 'pokemon', pokemon_id: 25, min_iv: 90, override_areas: ['old town'] },
            { type: 'raid', level: 5, distance: 1000 },
            { type: 'lure', lure_id: 502, distance: 500, location: 'park' },
          ]);
          assert.equal(added.status, 200, JSON.stringify(added.body));
          assert.equal(added.body.insert, 3);
          const listed = (await api('GET', `/tracking/${id}`)).body.tracking as { type: string }[];
          assert.deepEqual(listed.map((r) => r.type).sort(), ['lure', 'pokemon', 'raid']);
          await s.settled();

          const now = nowS();
          const res = await s.post([
            { type: 'pokemon', message: pokemonHook({ encounter_id: 'scenario-1', ...IN_OLD_TOWN, disappear_time: now + 1200, first_seen: now - 60, individual_attack: 15, individual_defense: 15, individual_stamina: 15 }) },
            { type: 'raid', message: raidHook({ ...IN_OLD_TOWN, start: now - 600, end: now + 1800, spawn: now - 4200 }) },
            { type: 'pokestop', message: stopHook({ pokestop_id: 'scenario-stop', ...IN_RIVERSIDE, lure_id: 502, lure_expiration: now + 1800, last_modified: now }) },
            { type: 'pokestop', message: stopHook({ pokestop_id: 'far-stop', latitude: 40, longitude: -3, lure_id: 502, lure_expiration: now + 1800, last_modified: now }) },
          ]);
          assert.equal(res.status, 200);
          const posts = await until(() => (s.receiver.posts.filter((p) => p.path === '/hooks/client').length >= 4 ? s.receiver.posts : null), 'the alerts and the confirmation');
          const texts = posts.filter((p) => p.path === '/hooks/client').map(textOf);
          assert.ok(texts.some((t) => /New: /.test(t)), 'the confirmation of the new rules reached the target');
          assert.ok(texts.some((t) => /Pikachu/.test(t)), 'the pokemon alert');
          assert.ok(texts.some((t) => /Raid|Egg/.test(t)), 'the raid alert');
          assert.ok(texts.some((t) => /Glacial/i.test(t)), 'the lure alert');

          const refused = await api('POST', `/humans/${id}/locations/park/delete`);
          assert.equal(refused.status, 409);
          assert.equal((refused.body.rules as unknown[]).length, 1);

          assert.equal((await api('DELETE', `/humans/${id}`)).status, 200);
          assert.equal((await api('GET', `/tracking/${id}`)).status, 404);
          for (const table of ['monsters', 'raid', 'lures']) assert.equal((await db.knex(table).where({ id: hook })).length, 0, table);
        } finally {
          await s.stop();
        }
      },
      { migrate: true },
    );
  });
});
