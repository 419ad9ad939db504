import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { apiHarness, enc, seedHuman, type ApiHarness } from './harness.ts';

const JUNK: unknown[] = [
  null, 0, -1, 1e400, 'x'.repeat(5000), '', ' ', '../..', '%00', '\u0000', true, [], [null], [{}], {}, { a: { b: [] } },
  Number.MAX_SAFE_INTEGER, '1e999', 'NaN', [1, 2, 3], ['a'.repeat(400)], Array.from({ length: 300 }, (_, i) => `area${i}`),
];
const FIELDS = ['id', 'type', 'name', 'language', 'latitude', 'longitude', 'area', 'areas', 'enabled', 'admin_disable', 'notes', 'profile_no', 'current_profile_no', 'label', 'active_hours', 'blocked_alerts', 'area_restriction', 'community_membership'];

const ROUTES: ['GET' | 'POST' | 'PATCH' | 'DELETE', string][] = [
  ['POST', '/api/humans'],
  ['PATCH', '/api/humans/j'],
  ['POST', '/api/humans/j/locations/add'],
  ['POST', '/api/humans/j/setAreas'],
  ['POST', '/api/profiles/j'],
  ['POST', '/api/profiles/j/add'],
  ['POST', '/api/profiles/j/update'],
];
const PATH_JUNK = ['%', '%E0%A4%A', enc('\u0000'), enc('x'.repeat(400)), enc('a\\b'), '..', enc('<script>'), enc('1 OR 1=1'), enc('ftp://x/y')];

await forEachDatabase(
  'API junk input never answers 500',
  (db) => {
    let h: ApiHarness;
    before(async () => {
      h = await apiHarness(db.knex);
      await seedHuman(h.stores, 'j');
    });
    after(() => h.app.close());

    it('junk in every body field of every writing route', async () => {
      for (const [method, url] of ROUTES) {
        for (const field of FIELDS) {
          for (const value of JUNK) {
            const res = await h.call(method, url, { name: 'n', label: 'l', latitude: 1, longitude: 1, [field]: value });
            assert.ok(res.statusCode < 500, `${method} ${url} ${field}=${JSON.stringify(value)?.slice(0, 40)} → ${res.statusCode} ${res.body}`);
            assert.equal(res.json().status === 'error' || res.json().status === 'ok', true);
          }
        }
        for (const body of JUNK) {
          const res = await h.call(method, url, body);
          assert.ok(res.statusCode < 500, `${method} ${url} body=${JSON.stringify(body)?.slice(0, 40)} → ${res.statusCode} ${res.body}`);
        }
      }
    });

    it('junk in path parameters', async () => {
      for (const junk of PATH_JUNK) {
        for (const [method, url] of [
          ['GET', `/api/humans/${junk}`],
          ['DELETE', `/api/humans/${junk}`],
          ['GET', `/api/humans/one/${junk}`],
          ['POST', `/api/humans/j/locations/${junk}/delete`],
          ['POST', `/api/humans/j/setLocation/${junk}/1`],
          ['GET', `/api/humans/j/checkLocation/1/${junk}`],
          ['POST', `/api/humans/j/switchProfile/${junk}`],
          ['DELETE', `/api/profiles/j/${junk}`],
          ['POST', `/api/profiles/j/copy/${junk}/1`],
          ['DELETE', `/api/profiles/${junk}/byProfileNo/2`],
        ] as const) {
          const res = await h.call(method, url);
          assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${method} ${url} → ${res.statusCode} ${res.body}`);
          assert.equal(res.json().status, 'error', `${method} ${url} → ${res.body}`);
        }
      }
    });
  },
  { migrate: true },
);
