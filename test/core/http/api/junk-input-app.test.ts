import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { register, trackingHarness, type TrackingHarness } from './tracking-harness.ts';

const JUNK: unknown[] = [null, -1, 1e400, 'x'.repeat(5000), '', '../..', '\u0000', true, [], [null], {}, { a: [] }, Number.MAX_SAFE_INTEGER, '1e999', 'NaN', ['a'.repeat(400)]];
const CORE_FIELDS = ['uid', 'profile_no', 'template', 'clean', 'distance', 'override_areas', 'areas', 'override_location_label', 'location', 'type', 'ping'];
const PATH_JUNK = ['%', '%E0%A4%A', encodeURIComponent('\u0000'), encodeURIComponent('x'.repeat(400)), '..', encodeURIComponent('<script>'), '0', '-1', '1e3'];

await forEachDatabase('API (whole app): junk input never answers 500', (db) => {
  let h: TrackingHarness;
  let types: { type: string; columns: string[] }[] = [];
  before(async () => {
    h = await trackingHarness(db);
    await register(h, 'j');
    // every served type with the columns of its table, so each column gets junk
    const served = (await h.call('GET', '/api/tracking/all/j')).json() as Record<string, unknown>;
    const tables = Object.keys(served).filter((k) => Array.isArray(served[k]));
    types = await Promise.all(
      tables.map(async (type) => {
        const table = h.s.app.registry.trackingTables().find((t) => t.api?.type === type)!.table;
        const info = await db.knex(table).columnInfo();
        return { type, columns: Object.keys(info) };
      }),
    );
  });
  after(() => h.s.stop());

  it('junk in every field of every tracking type', async () => {
    assert.ok(types.length >= 1);
    for (const { type, columns } of types) {
      for (const field of [...new Set([...columns, ...CORE_FIELDS])]) {
        for (const value of JUNK) {
          const res = await h.call('POST', '/api/tracking/j?silent', [{ type, [field]: value }]);
          assert.ok(res.statusCode < 500, `${type} ${field}=${JSON.stringify(value)?.slice(0, 40)} → ${res.statusCode} ${res.body}`);
          assert.ok(['ok', 'error'].includes(res.json().status));
        }
      }
      for (const body of JUNK) assert.ok((await h.call('POST', `/api/tracking/${type}/j`, body)).statusCode < 500, `${type} body ${JSON.stringify(body)?.slice(0, 40)}`);
    }
  });

  it('junk bodies and fields on the template, message and map routes', async () => {
    const routes: [string, string, Record<string, unknown>][] = [
      ['POST', '/api/dts/templates', { type: 'lure', id: 'j', platform: 'discord', language: 'en', template: { content: 'x' } }],
      ['POST', '/api/postMessage', { target: 'j', type: 'discord:user', message: 'hello' }],
      ['POST', '/api/deliverMessages', { target: 'j', type: 'discord:user', message: 'hello' }],
      ['POST', '/api/geofence/overviewMap', { areas: ['old town'] }],
    ];
    for (const [method, url, good] of routes) {
      // 503: no platform serves discord:user here, and no static map provider is configured — a real answer, not a bug
      for (const body of JUNK) {
        const res = await h.call(method as 'POST', url, body);
        assert.ok(res.statusCode < 500 || res.statusCode === 503, `${url} body ${JSON.stringify(body)?.slice(0, 40)} → ${res.statusCode} ${res.body}`);
      }
      for (const field of Object.keys(good)) {
        for (const value of JUNK) {
          const res = await h.call(method as 'POST', url, [{ ...good, [field]: value }]);
          assert.ok(res.statusCode < 500 || res.statusCode === 503, `${url} ${field}=${JSON.stringify(value)?.slice(0, 40)} → ${res.statusCode} ${res.body}`);
          assert.equal(res.json().status === 'error' || res.json().status === 'ok', true, res.body);
        }
      }
    }
  });

  it('junk in path parameters', async () => {
    for (const junk of PATH_JUNK) {
      for (const [method, url] of [
        ['GET', `/api/tracking/${junk}`],
        ['POST', `/api/tracking/${junk}`],
        ['DELETE', `/api/tracking/j/lure/${junk}`],
        ['DELETE', `/api/tracking/j/${junk}/1`],
        ['GET', `/api/tracking/${junk}/j`],
        ['GET', `/api/tracking/lure/${junk}`],
        ['DELETE', `/api/tracking/lure/j/byUid/${junk}`],
        ['POST', `/api/tracking/lure/${junk}/delete`],
        ['GET', `/api/tracking/all/${junk}`],
        ['GET', `/api/tracking/allProfiles/${junk}`],
      ] as const) {
        const res = await h.call(method, url, method === 'POST' ? [1] : undefined);
        assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${method} ${url} → ${res.statusCode} ${res.body}`);
        assert.equal(res.json().status, 'error', `${method} ${url} → ${res.body}`);
      }
    }
  });
});
