import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { geofenceRoutes } from '../../../core/geo/routes.ts';
import { GeofenceStore } from '../../../core/geo/store.ts';
import { options, tempRoot, type TempRoot } from './support.ts';

describe('geofence routes', () => {
  let app: FastifyInstance;
  let store: GeofenceStore;
  let root: TempRoot;
  before(async () => {
    root = tempRoot(['poracle.json', 'geojson.json']);
    store = new GeofenceStore(options(['poracle.json', 'geojson.json'], { rootDir: root.dir }));
    await store.start();
    app = Fastify();
    await app.register(async (api) => geofenceRoutes(store)(api), { prefix: '/api' });
  });
  after(async () => {
    await app.close();
    root.cleanup();
  });

  test('GET /api/geofence/all: the fences in Poracle shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/geofence/all' });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.status, 'ok');
    assert.equal(body.geofence.length, 6);
    assert.deepEqual(body.geofence[0], { name: 'Alpha', id: 1, color: '#ff0000', path: [[10, 20], [10, 21], [11, 21], [11, 20]], group: 'North', description: 'a square', userSelectable: true, displayInMatches: true });
    assert.equal(body.geofence[1].multipath.length, 2);
    assert.equal(body.geofence[1].path, undefined);
    assert.deepEqual(body.geofence[3].path, [[10, 30], [10, 34], [14, 34], [14, 30], [10, 30]], 'outer ring of a GeoJSON polygon in [lat, lon]');
  });

  test('GET /api/geofence/all/geojson: one FeatureCollection with closed [lon, lat] rings', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/geofence/all/geojson' });
    assert.equal(res.statusCode, 200);
    const { status, geoJSON } = res.json();
    assert.equal(status, 'ok');
    assert.equal(geoJSON.type, 'FeatureCollection');
    const [alpha, beta, , donut, islands] = geoJSON.features;
    assert.deepEqual(alpha.properties, { name: 'Alpha', color: '#ff0000', id: 1, group: 'North', description: 'a square', userSelectable: true, displayInMatches: true, parent: 'Region A' });
    assert.deepEqual(alpha.geometry, { type: 'Polygon', coordinates: [[[20, 10], [21, 10], [21, 11], [20, 11], [20, 10]]] });
    assert.equal(beta.geometry.type, 'MultiPolygon');
    assert.deepEqual(beta.geometry.coordinates[0], [[[22, 10], [23, 10], [23, 11], [22, 11], [22, 10]]], 'an already closed ring is not closed twice');
    assert.equal(donut.geometry.coordinates.length, 2, 'the hole is kept');
    assert.equal(donut.properties.mode, 'auto_spawn');
    assert.equal(islands.geometry.type, 'MultiPolygon');
  });

  test('GET /api/geofence/all/hash: per-area md5 and the set hash', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/geofence/all/hash' });
    const body = res.json();
    assert.equal(body.status, 'ok');
    assert.deepEqual(Object.keys(body.areas), ['Alpha', 'Beta', 'city', 'Donut', 'islands']);
    assert.equal(body.hash, store.hash);
  });

  test('GET and POST /api/geofence/reload reload in place', async () => {
    const before = store.hash;
    writeFileSync(join(root.dir, 'poracle.json'), JSON.stringify([{ name: 'Only', path: [[1, 1], [1, 2], [2, 2]] }]));
    const res = await app.inject({ method: 'POST', url: '/api/geofence/reload' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'ok' });
    assert.notEqual(store.hash, before);
    const all = (await app.inject({ method: 'GET', url: '/api/geofence/all' })).json();
    assert.equal(all.geofence[0].name, 'Only');
    const again = await app.inject({ method: 'GET', url: '/api/geofence/reload' });
    assert.deepEqual(again.json(), { status: 'ok' });
  });

  test('a failed reload answers 503 and keeps the old set', async () => {
    const before = store.current;
    writeFileSync(join(root.dir, 'poracle.json'), '[');
    const res = await app.inject({ method: 'GET', url: '/api/geofence/reload' });
    assert.equal(res.statusCode, 503);
    const body = res.json();
    assert.equal(body.status, 'error');
    assert.match(body.message, /geofence reload failed; the previous geofences are still in use: geofence file .*poracle\.json is not valid JSON/);
    assert.equal(store.current, before);
  });
});
