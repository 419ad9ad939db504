/**
 * Bad requests over every route of the authenticated API, on SQLite and MariaDB: the routes are listed from the
 * running server (`apiRoutesOf`), so a route added later is covered without editing this test, and each gets the
 * bad inputs of support/api-cases.ts with humans, profiles, a saved location and rules seeded for the lookups to
 * find. No answer is a 5xx (a 503 only where a route needs something that is not running, listed below), no
 * connection is dropped, every refusal has the project's error shape, and the service answers /health after.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiRoutesOf } from '../../core/http/server.ts';
import { e2e, IN_OLD_TOWN, type E2E } from '../e2e/harness.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData } from '../helpers/plugin-setup.ts';
import { monsterRow } from '../plugins/monster/support.ts';
import { raidRow } from '../plugins/raid/support.ts';
import { apiCases, type ApiCase, type ApiSeed } from './support/api-cases.ts';
import { errorShapeProblem } from './support/error-shape.ts';
import { describeRequest, inPool, sendRaw, type RawAnswer } from './support/raw-http.ts';

const SECRET = 'bad-input-secret';

/**
 * Routes that may answer 503 because something they need is not running here: messages to a target type no
 * platform serves (no Discord or Telegram bot runs in this test), and the autocreate routes when present.
 */
const MAY_BE_UNAVAILABLE: ReadonlySet<string> = new Set(['POST /api/postMessage', 'POST /api/deliverMessages', 'POST /api/autocreate', 'GET /api/autocreate']);

const NUMERIC_ID = '1234567890';

/** Removes whatever the previous route's requests left of the seeded records, then seeds them again. */
async function reseed(s: E2E, humanId: string): Promise<ApiSeed> {
  const ids = [humanId, NUMERIC_ID];
  const tables = ['humans', 'profiles', 'user_locations', ...s.app.registry.trackingTables().map((t) => t.table)];
  for (const table of tables) await s.app.db(table).whereIn('id', ids).delete();
  const { humans, profiles, locations } = s.app.stores;
  await humans.create({ id: humanId, type: 'webhook', name: 'Bad input', area: ['old town'], ...IN_OLD_TOWN });
  await humans.create({ id: NUMERIC_ID, type: 'telegram:user', name: 'Chat id', area: [] });
  for (const profileNo of [1, 2]) await profiles.create({ id: humanId, name: `p${profileNo}`, profileNo, area: ['old town'], ...IN_OLD_TOWN });
  await locations.create({ humanId, label: 'home', ...IN_OLD_TOWN });
  const { uid: _m, ...monster } = monsterRow(humanId, { pokemon_id: 25 });
  await s.app.db('monsters').insert(monster);
  const { uid: _r, ...raid } = raidRow(humanId, { level: 5 });
  await s.app.db('raid').insert(raid);
  const row = (await s.app.db('monsters').where({ id: humanId }).first('uid')) as { uid: number };
  return { humanId, numericId: NUMERIC_ID, uid: row.uid, trackingType: 'pokemon', label: 'home', area: 'old town', ...IN_OLD_TOWN };
}

/** what is wrong with one answer, or null */
function problemOf(c: ApiCase, a: RawAnswer): string | null {
  if (a.kind === 'dropped') return `dropped without an answer (${a.error})`;
  if (a.status >= 500 && !(a.status === 503 && MAY_BE_UNAVAILABLE.has(c.route))) return `answered ${a.status} ${a.text.slice(0, 300)}`;
  return a.status >= 400 ? errorShapeProblem(a.status, a.text) : null;
}

describe('bad input over every /api route', () => {
  test('never a 5xx, always the error shape, and the service still up', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, {
          gameData: await fixtureGameData(),
          config: { processor: { host: '127.0.0.1', port: 0, api_secret: SECRET }, geocoding: { static_provider: 'google', static_key: ['test-key'] } },
        });
        try {
          await s.start();
          const port = (s.app.http.server.address() as { port: number }).port;
          const routes = apiRoutesOf(s.app.http);
          assert.ok(routes.length > 40, `the API lists its routes (${routes.length})`);
          const problems: string[] = [];
          for (const route of routes) {
            const seed = await reseed(s, s.hookUrl('bad-input'));
            const cases = apiCases(route, seed, SECRET);
            const answers = await inPool(cases, 4, (c) => sendRaw(port, c.request));
            cases.forEach((c, i) => {
              const problem = problemOf(c, answers[i]!);
              if (problem) problems.push(`${route} [${c.variant}] ${describeRequest(c.request)} → ${problem}`);
            });
          }
          assert.deepEqual(problems.slice(0, 20), [], `${problems.length} bad request(s) answered wrongly`);
          const health = await sendRaw(port, { method: 'GET', path: '/health' });
          assert.equal(health.kind === 'answer' && health.status, 200, 'the service still answers /health');
          assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype was not polluted');
        } finally {
          await s.stop();
        }
      },
      { migrate: true },
    );
  });
});
