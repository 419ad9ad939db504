/**
 * Every /api route of the running service answered once over real HTTP (on SQLite): a table of one request per
 * route, run in order against a fresh registration, each with the status it must get. The test fails when the
 * service registers a route the table does not cover, so a new endpoint comes with its over-the-wire check.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiRoutesOf } from '../../core/http/server.ts';
import { openTestDatabase } from '../helpers/databases.ts';
import { fixtureGameData } from '../helpers/plugin-setup.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';

const SECRET = 'routes-secret';

interface Call {
  /** the route as registered, e.g. `GET /api/humans/:id` */
  readonly route: string;
  readonly path: string;
  readonly body?: unknown;
  readonly status: number;
}

const at = `${IN_OLD_TOWN.latitude}/${IN_OLD_TOWN.longitude}`;

/** One call per route, in an order where each finds what it needs. */
function calls(hook: string): Call[] {
  const id = encodeURIComponent(hook);
  return [
    { route: 'GET /api/reload', path: '/reload', status: 200 },
    { route: 'POST /api/reload', path: '/reload', status: 200 },
    { route: 'GET /api/geofence/all', path: '/geofence/all', status: 200 },
    { route: 'GET /api/geofence/all/geojson', path: '/geofence/all/geojson', status: 200 },
    { route: 'GET /api/geofence/all/hash', path: '/geofence/all/hash', status: 200 },
    { route: 'GET /api/geofence/reload', path: '/geofence/reload', status: 200 },
    { route: 'POST /api/geofence/reload', path: '/geofence/reload', status: 200 },
    { route: 'GET /api/geofence/:area/map', path: '/geofence/old%20town/map', status: 200 },
    { route: 'GET /api/geofence/locationMap/:lat/:lon', path: `/geofence/locationMap/${at}`, status: 200 },
    { route: 'GET /api/geofence/distanceMap/:lat/:lon/:distance', path: `/geofence/distanceMap/${at}/500`, status: 200 },
    { route: 'GET /api/geofence/weatherMap/:lat/:lon', path: `/geofence/weatherMap/${at}`, status: 200 },
    { route: 'POST /api/geofence/overviewMap', path: '/geofence/overviewMap', body: { areas: ['old town', 'riverside'] }, status: 200 },
    { route: 'POST /api/humans', path: '/humans', body: { id: hook, name: 'Routes', type: 'webhook', area: ['old town'] }, status: 200 },
    { route: 'GET /api/humans', path: '/humans?type=webhook', status: 200 },
    { route: 'GET /api/humans/:id', path: `/humans/${id}`, status: 200 },
    { route: 'PATCH /api/humans/:id', path: `/humans/${id}`, body: { language: 'de' }, status: 200 },
    { route: 'GET /api/humans/one/:id', path: `/humans/one/${id}`, status: 200 },
    { route: 'POST /api/humans/:id/start', path: `/humans/${id}/start`, status: 200 },
    { route: 'POST /api/humans/:id/stop', path: `/humans/${id}/stop`, status: 200 },
    { route: 'POST /api/humans/:id/setLocation/:lat/:lon', path: `/humans/${id}/setLocation/${at}`, status: 200 },
    { route: 'GET /api/humans/:id/checkLocation/:lat/:lon', path: `/humans/${id}/checkLocation/${at}`, status: 200 },
    { route: 'POST /api/humans/:id/setAreas', path: `/humans/${id}/setAreas`, body: ['old town'], status: 200 },
    { route: 'POST /api/humans/:id/locations/add', path: `/humans/${id}/locations/add`, body: { label: 'home', ...IN_OLD_TOWN }, status: 200 },
    { route: 'GET /api/humans/:id/locations', path: `/humans/${id}/locations`, status: 200 },
    { route: 'POST /api/profiles/:id', path: `/profiles/${id}`, body: { profile_no: 2, name: 'two' }, status: 200 },
    { route: 'POST /api/profiles/:id/add', path: `/profiles/${id}/add`, body: { name: 'three' }, status: 200 },
    { route: 'POST /api/profiles/:id/update', path: `/profiles/${id}/update`, body: { profile_no: 3, active_hours: [] }, status: 200 },
    { route: 'GET /api/profiles/:id', path: `/profiles/${id}`, status: 200 },
    { route: 'POST /api/tracking/:id', path: `/tracking/${id}?silent`, body: [{ type: 'pokemon', pokemon_id: 25 }, { type: 'lure', lure_id: 501, distance: 100, location: 'home' }], status: 200 },
    { route: 'GET /api/tracking/:id', path: `/tracking/${id}`, status: 200 },
    { route: 'POST /api/tracking/:type/:id', path: `/tracking/raid/${id}?silent`, body: { level: 5 }, status: 200 },
    { route: 'GET /api/tracking/:type/:id', path: `/tracking/raid/${id}`, status: 200 },
    { route: 'GET /api/tracking/all/:id', path: `/tracking/all/${id}`, status: 200 },
    { route: 'GET /api/tracking/allProfiles/:id', path: `/tracking/allProfiles/${id}`, status: 200 },
    { route: 'GET /api/tracking/pokemon/refresh', path: '/tracking/pokemon/refresh', status: 200 },
    { route: 'POST /api/humans/:id/locations/:label/delete', path: `/humans/${id}/locations/home/delete`, status: 409 },
    { route: 'DELETE /api/tracking/:id/:type/:uid', path: `/tracking/${id}/pokemon/999999`, status: 404 },
    { route: 'DELETE /api/tracking/:type/:id/byUid/:uid', path: `/tracking/raid/${id}/byUid/999999`, status: 404 },
    { route: 'POST /api/tracking/:type/:id/delete', path: `/tracking/lure/${id}/delete`, body: [999999], status: 404 },
    { route: 'POST /api/profiles/:id/copy/:from/:to', path: `/profiles/${id}/copy/1/2`, status: 200 },
    { route: 'POST /api/humans/:id/switchProfile/:profile', path: `/humans/${id}/switchProfile/2`, status: 200 },
    { route: 'POST /api/humans/:id/adminDisabled', path: `/humans/${id}/adminDisabled`, body: { state: false }, status: 200 },
    { route: 'GET /api/humans/:id/getAdministrationRoles', path: `/humans/${id}/getAdministrationRoles`, status: 200 },
    { route: 'POST /api/membership/check', path: '/membership/check', body: { dry_run: true }, status: 404 },
    { route: 'DELETE /api/profiles/:id/byProfileNo/:n', path: `/profiles/${id}/byProfileNo/3`, status: 200 },
    { route: 'DELETE /api/profiles/:id/:profile_no', path: `/profiles/${id}/2`, status: 200 },
    { route: 'GET /api/config/webClient', path: '/config/webClient', status: 200 },
    { route: 'GET /api/config/poracleWeb', path: '/config/poracleWeb', status: 200 },
    { route: 'GET /api/config/templates', path: '/config/templates', status: 200 },
    { route: 'GET /api/masterdata/creatures', path: '/masterdata/creatures', status: 200 },
    { route: 'GET /api/masterdata/monsters', path: '/masterdata/monsters', status: 200 },
    { route: 'GET /api/masterdata/items', path: '/masterdata/items', status: 200 },
    { route: 'GET /api/masterdata/moves', path: '/masterdata/moves', status: 200 },
    { route: 'GET /api/masterdata/grunts', path: '/masterdata/grunts', status: 200 },
    { route: 'GET /api/masterdata/quests', path: '/masterdata/quests', status: 200 },
    { route: 'POST /api/summaries/:id/:alertType', path: `/summaries/${id}/quest`, body: { active_hours: [{ day: 1, hours: 8, mins: 0 }] }, status: 200 },
    { route: 'GET /api/summaries/:id', path: `/summaries/${id}`, status: 200 },
    { route: 'GET /api/summaries/:id/:alertType', path: `/summaries/${id}/quest`, status: 200 },
    { route: 'POST /api/summaries/:id/:alertType/trigger', path: `/summaries/${id}/quest/trigger`, status: 200 },
    { route: 'DELETE /api/summaries/:id/:alertType', path: `/summaries/${id}/quest`, status: 200 },
    { route: 'POST /api/dts/templates', path: '/dts/templates', body: { type: 'lure', id: 'web', platform: 'discord', language: 'en', template: { content: 'Lure {{lureTypeName}}' } }, status: 200 },
    { route: 'GET /api/dts/reload', path: '/dts/reload', status: 200 },
    { route: 'POST /api/dts/reload', path: '/dts/reload', status: 200 },
    { route: 'POST /api/dts/render', path: '/dts/render', body: { type: 'lure', id: 'web', platform: 'discord', language: 'en' }, status: 200 },
    { route: 'GET /api/dts/templates', path: '/dts/templates?type=lure', status: 200 },
    { route: 'GET /api/dts/partials', path: '/dts/partials', status: 200 },
    { route: 'GET /api/dts/variables', path: '/dts/variables?type=lure', status: 200 },
    { route: 'GET /api/dts/fields', path: '/dts/fields', status: 200 },
    { route: 'GET /api/dts/fields/:type', path: '/dts/fields/raid', status: 200 },
    { route: 'GET /api/dts/testdata', path: '/dts/testdata', status: 200 },
    { route: 'GET /api/dts/recent', path: '/dts/recent', status: 200 },
    { route: 'GET /api/dts/emoji', path: '/dts/emoji', status: 200 },
    { route: 'POST /api/dts/enrich', path: '/dts/enrich', body: { type: 'pokemon', webhook: {} }, status: 422 },
    { route: 'POST /api/dts/sendtest', path: '/dts/sendtest', body: { template: { content: 'x' }, target: { id: '1', type: 'discord:user' } }, status: 503 },
    { route: 'DELETE /api/dts/templates', path: '/dts/templates?type=lure&platform=discord&language=en&id=nothing-here', status: 404 },
    { route: 'PUT /api/dts/templates/file', path: '/dts/templates/file?type=lure&platform=discord&language=en&id=web', body: { content: 'x' }, status: 400 },
    { route: 'GET /api/maintenance', path: '/maintenance', status: 200 },
    { route: 'POST /api/maintenance', path: '/maintenance', body: { enabled: false }, status: 200 },
    { route: 'GET /api/explain/:humanId', path: `/explain/${id}?type=monster`, status: 404 },
    { route: 'POST /api/postMessage', path: '/postMessage', body: { target: hook, type: 'webhook', message: 'routes' }, status: 200 },
    { route: 'POST /api/deliverMessages', path: '/deliverMessages', body: [{ target: hook, type: 'webhook', message: { content: 'routes' } }], status: 200 },
    { route: 'DELETE /api/humans/:id', path: `/humans/${id}`, status: 200 },
  ];
}

describe('every /api route over real HTTP', () => {
  test('each route answers its expected status and JSON, and no route is left out', async () => {
    const db = await openTestDatabase('sqlite');
    const s = await e2e(db, { gameData: await fixtureGameData(), config: { processor: { host: '127.0.0.1', port: 0, api_secret: SECRET }, geocoding: { static_provider: 'google', static_key: ['test-key'] } } });
    try {
      await s.start();
      const base = `http://127.0.0.1:${(s.app.http.server.address() as { port: number }).port}/api`;
      const table = calls(s.hookUrl('routes'));
      const missing = apiRoutesOf(s.app.http).filter((route) => !table.some((c) => c.route === route));
      assert.deepEqual(missing, [], 'routes without an over-the-wire call in this table');
      for (const call of table) {
        const [method] = call.route.split(' ');
        const res = await fetch(`${base}${call.path}`, {
          method,
          headers: { 'x-service-secret': SECRET, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        });
        const text = await res.text();
        assert.equal(res.status, call.status, `${call.route} (${call.path}) → ${res.status} ${text.slice(0, 300)}`);
        const body = JSON.parse(text) as { status?: string };
        if (call.status >= 400) assert.equal(body.status, 'error', call.route);
      }
    } finally {
      await s.stop();
      await db.cleanup();
    }
  });
});
