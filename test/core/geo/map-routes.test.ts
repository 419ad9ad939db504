/**
 * The geofence map endpoints through the real HTTP server (auth, error shape): every route with the tile
 * server cache (a local fake recording the template and variables) and with the URL providers, image answers,
 * and every refusal — bad parameters, unknown areas, no provider, a failing or hanging tile server.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { configFromObject } from '../../helpers/config.ts';
import { buildGeofenceSet } from '../../../core/geo/store.ts';
import { geofenceMapRoutes, type GeofenceMapDeps, type MapServices } from '../../../core/geo/map-routes.ts';
import { closeRing, encodePolyline } from '../../../core/geo/polyline.ts';
import { weatherCellShape } from '../../../core/geo/s2-cell-shape.ts';
import { WeatherCellStore } from '../../../core/geo/weather-cells.ts';
import { weatherCellId } from '../../../core/geo/s2-cell.ts';
import { createHttpServer } from '../../../core/http/server.ts';
import { fence } from '../../helpers/fences.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { fakeTileServer, PNG_BYTES, type FakeTileServer } from './fake-tile-server.ts';

const SECRET = 'map-routes-secret';

const OLD_TOWN = [[48.14, 11.56], [48.142, 11.58], [48.135, 11.59]] as const;
const PART_ONE = [[1, 1], [1, 2], [2, 2]] as const;
const PART_TWO = [[5, 5], [5, 6], [6, 6]] as const;
const FENCES = [
  fence('Old Town', { color: '#3366CC', polygons: [[OLD_TOWN]] }),
  fence('Two Parts', { color: 'f00', multi: true, polygons: [[PART_ONE], [PART_TWO]] }),
  fence('North Park'),
];

const weatherCells = new WeatherCellStore();
weatherCells.publish(weatherCellId(51.5, -0.12), 3);
const SERVICES: MapServices = { weatherCells: () => weatherCells, icons: () => ({ image: () => ({ weather: (id) => `https://icons.example/weather/${id}.png` }) }) };

interface Harness {
  readonly app: FastifyInstance;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body: unknown): Promise<LightMyRequestResponse>;
}

async function harness(geocoding: Record<string, unknown>, extra: Partial<GeofenceMapDeps> = {}): Promise<Harness> {
  const config = configFromObject({ processor: { api_secret: SECRET }, geocoding }, 'test').config;
  const deps = { geocoding: config.geocoding, geofences: { current: buildGeofenceSet(FENCES) }, services: SERVICES, timeoutMs: 2000, ...extra };
  const app = await createHttpServer({ ipWhitelist: [], ipBlacklist: [], apiSecret: SECRET, bodyLimitBytes: 1024 * 1024, log: captureLog().log }, [], [geofenceMapRoutes(deps)]);
  return {
    app,
    get: (url, headers = {}) => app.inject({ method: 'GET', url, headers: { 'x-service-secret': SECRET, ...headers } }),
    post: (url, body) =>
      app.inject({ method: 'POST', url, payload: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'x-service-secret': SECRET, 'content-type': 'application/json' } }),
  };
}

function assertError(res: LightMyRequestResponse, status: number, message: RegExp): void {
  assert.equal(res.statusCode, status, res.body);
  const body = res.json<{ status: string; message: string }>();
  assert.equal(body.status, 'error');
  assert.match(body.message, message);
}

function okUrl(res: LightMyRequestResponse, why?: string): URL {
  assert.equal(res.statusCode, 200, why ?? res.body);
  const body = res.json<{ status: string; url: string }>();
  assert.equal(body.status, 'ok');
  return new URL(body.url);
}

describe('geofence maps through the tile server cache', () => {
  let tiles: FakeTileServer;
  let h: Harness;
  before(async () => {
    tiles = await fakeTileServer();
    h = await harness({ static_provider: 'tileservercache', static_provider_url: `${tiles.url}/` }, { timeoutMs: 2000, maxImageBytes: 1024 });
  });
  after(async () => {
    await h.app.close();
    await tiles.close();
  });
  const lastPost = () => tiles.posts[tiles.posts.length - 1]!;

  test('GET /geofence/:area/map posts the polygon framed on its box to poracle-area and answers the image URL', async () => {
    const url = okUrl(await h.get('/api/geofence/old_town/map'));
    assert.equal(url.toString(), `${tiles.url}/staticmap/pregenerated/img-${tiles.posts.length}`);
    const { template, query, variables } = lastPost();
    assert.equal(template, 'poracle-area');
    assert.equal(query.get('pregenerate'), 'true');
    assert.equal(query.get('regeneratable'), 'true');
    assert.deepEqual(variables.polygons, [OLD_TOWN]);
    assert.deepEqual(variables.coords, OLD_TOWN);
    assert.ok(Math.abs((variables.latitude as number) - 48.1385) < 1e-9);
    assert.ok(Math.abs((variables.longitude as number) - 11.575) < 1e-9);
    assert.ok((variables.zoom as number) > 12 && (variables.zoom as number) < 16, `zoom ${String(variables.zoom)}`);
  });

  test('area names match in any case; a multipath area sends every polygon, coords its first', async () => {
    okUrl(await h.get('/api/geofence/TWO%20PARTS/map'));
    assert.deepEqual(lastPost().variables.polygons, [PART_ONE, PART_TWO]);
    assert.deepEqual(lastPost().variables.coords, PART_ONE);
  });

  test('GET /geofence/locationMap/:lat/:lon posts the point to poracle-location', async () => {
    okUrl(await h.get('/api/geofence/locationMap/51.5/-0.12'));
    assert.equal(lastPost().template, 'poracle-location');
    assert.deepEqual(lastPost().variables, { latitude: 51.5, longitude: -0.12 });
  });

  test('GET /geofence/distanceMap/:lat/:lon/:distance posts the point, distance and a zoom that shows the circle', async () => {
    okUrl(await h.get('/api/geofence/distanceMap/51.5/-0.12/500'));
    const near = lastPost().variables;
    assert.equal(lastPost().template, 'poracle-distance');
    assert.deepEqual(Object.keys(near).sort(), ['distance', 'latitude', 'longitude', 'zoom']);
    assert.deepEqual([near.latitude, near.longitude, near.distance], [51.5, -0.12, 500]);
    okUrl(await h.get('/api/geofence/distanceMap/51.5/-0.12/50000'));
    assert.ok((lastPost().variables.zoom as number) < (near.zoom as number) - 6);
  });

  test('GET /geofence/weatherMap/:lat/:lon posts the weather cell, its condition (?weather, else the known one) and icon', async () => {
    okUrl(await h.get('/api/geofence/weatherMap/51.5/-0.12?weather=2'));
    const cell = weatherCellShape(51.5, -0.12);
    assert.equal(lastPost().template, 'poracle-weather');
    assert.deepEqual(lastPost().variables, {
      latitude: cell.centre[0],
      longitude: cell.centre[1],
      coords: cell.corners,
      gameplay_condition: 2,
      imgUrl: 'https://icons.example/weather/2.png',
    });
    okUrl(await h.get('/api/geofence/weatherMap/51.5/-0.12'));
    assert.equal(lastPost().variables.gameplay_condition, 3, 'the condition published for the cell');
    okUrl(await h.get('/api/geofence/weatherMap/10/10'));
    assert.equal(lastPost().variables.gameplay_condition, 0);
    assert.equal(lastPost().variables.imgUrl, undefined);
  });

  test('POST /geofence/overviewMap posts every ring of the named areas, one colour per area, to poracle-areaoverview', async () => {
    okUrl(await h.post('/api/geofence/overviewMap', { areas: ['old town', 'Two_Parts'] }));
    const { template, variables } = lastPost();
    assert.equal(template, 'poracle-areaoverview');
    assert.deepEqual(variables.fences, [
      { color: '#ff0000', path: OLD_TOWN },
      { color: '#00ffff', path: PART_ONE },
      { color: '#00ffff', path: PART_TWO },
    ]);
    assert.equal(typeof variables.zoom, 'number');
    okUrl(await h.post('/api/geofence/overviewMap', ['North Park']));
    assert.equal((lastPost().variables.fences as unknown[]).length, 1);
  });

  test('?format=image or Accept: image/* answers the image bytes with their content type; JSON when JSON is accepted', async () => {
    for (const res of [await h.get('/api/geofence/locationMap/1/2?format=image'), await h.get('/api/geofence/North%20Park/map', { accept: 'image/png,image/*;q=0.8' })]) {
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'image/png');
      assert.deepEqual(res.rawPayload, PNG_BYTES);
    }
    okUrl(await h.get('/api/geofence/locationMap/1/2', { accept: 'image/png, application/json' }));
    okUrl(await h.get('/api/geofence/locationMap/1/2?format=json', { accept: 'image/png' }));
    assertError(await h.get('/api/geofence/locationMap/1/2?format=png'), 400, /format/);
  });

  test('an image that is too large, not an image, or late is a 503 saying so', async (t) => {
    t.after(() => {
      tiles.imageAt = null;
    });
    tiles.imageAt = '/big.png';
    assertError(await h.get('/api/geofence/locationMap/1/2?format=image'), 503, /static map image: the image is larger than 1024 bytes/);
    tiles.imageAt = '/page.html';
    assertError(await h.get('/api/geofence/locationMap/1/2?format=image'), 503, /static map image: answered HTTP 200 text\/html, not an image/);
    tiles.imageAt = '/slow.png';
    // the image server never answers: the time limit's own message, not a hung request
    assertError(await h.get('/api/geofence/locationMap/1/2?format=image'), 503, /static map image: no image within 2000 ms/);
    okUrl(await h.get('/api/geofence/locationMap/1/2'), 'a JSON answer does not download the image');
  });

  test('a tile server that fails, answers no image id or hangs is a 503 naming it, within the time limit', async (t) => {
    t.after(() => {
      tiles.mode = 'ok';
    });
    tiles.mode = 'error';
    assertError(await h.get('/api/geofence/old%20town/map'), 503, /^static map \(tileservercache\): answered HTTP 500$/);
    tiles.mode = 'html';
    assertError(await h.get('/api/geofence/locationMap/1/2'), 503, /static map \(tileservercache\): answered without an image id/);
    tiles.mode = 'hang';
    assertError(await h.post('/api/geofence/overviewMap', { areas: ['Old Town'] }), 503, /static map \(tileservercache\): no answer within 2000 ms/);
  });

  test('bad path parameters are a 400 naming the parameter', async () => {
    assertError(await h.get('/api/geofence/locationMap/91/0'), 400, /^lat must be a number from -90 to 90$/);
    assertError(await h.get('/api/geofence/locationMap/abc/0'), 400, /^lat /);
    assertError(await h.get('/api/geofence/weatherMap/0/180.5'), 400, /^lon must be a number from -180 to 180$/);
    assertError(await h.get('/api/geofence/distanceMap/0/1e3/100'), 400, /^lon /);
    for (const distance of ['0', '-5', '1000001', 'far', 'Infinity']) {
      assertError(await h.get(`/api/geofence/distanceMap/0/0/${distance}`), 400, /^distance must be a number of metres above 0 and at most 1000000$/);
    }
    assertError(await h.get('/api/geofence/weatherMap/0/0?weather=sunny'), 400, /^weather /);
    assert.equal((await h.get('/api/geofence/distanceMap/-90/180/1000000')).statusCode, 200);
  });

  test('unknown areas are a 404; an overview body without names is a 400', async () => {
    assertError(await h.get('/api/geofence/atlantis/map'), 404, /^area not found$/);
    assertError(await h.post('/api/geofence/overviewMap', { areas: ['Old Town', 'nowhere', 'atlantis'] }), 404, /^area not found: nowhere, atlantis$/);
    for (const body of [{ areas: [] }, {}, { areas: [1] }, { areas: 'Old Town' }, [' ']]) {
      assertError(await h.post('/api/geofence/overviewMap', body), 400, /areas/);
    }
    assertError(await h.post('/api/geofence/overviewMap', '{'), 400, /JSON/);
  });

  test('the secret is required', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/geofence/locationMap/1/2' });
    assert.equal(res.statusCode, 401);
  });
});

describe('geofence maps from URL providers', () => {
  const frame = { width: 400, height: 300, zoom: 16 };
  let google: Harness;
  let mapbox: Harness;
  let osm: Harness;
  const refuse: typeof fetch = async () => {
    throw new Error('no network in these tests');
  };
  before(async () => {
    google = await harness({ static_provider: 'google', static_key: ['g1', 'g2'], ...frame }, { fetch: refuse });
    mapbox = await harness({ static_provider: 'mapbox', static_key: ['pk.1'], ...frame }, { fetch: refuse });
    osm = await harness({ static_provider: 'osm', static_key: ['q'], ...frame }, { fetch: refuse });
  });
  after(async () => {
    for (const h of [google, mapbox, osm]) await h.app.close();
  });

  test('google: an area is a filled path of its ring, centred on its box at a whole zoom, without a marker', async () => {
    const url = okUrl(await google.get('/api/geofence/Old%20Town/map'));
    assert.equal(url.origin + url.pathname, 'https://maps.googleapis.com/maps/api/staticmap');
    assert.deepEqual(url.searchParams.getAll('path'), [`color:0x3366ccff|weight:2|fillcolor:0x3366cc33|enc:${encodePolyline(closeRing(OLD_TOWN))}`]);
    assert.equal(url.searchParams.get('markers'), null);
    assert.equal(url.searchParams.get('center'), `${(48.135 + 48.142) / 2},${(11.56 + 11.59) / 2}`);
    assert.match(url.searchParams.get('zoom')!, /^1[0-9]$/);
    assert.equal(url.searchParams.get('size'), '400x300');
    assert.equal(url.searchParams.get('key'), 'g1');
  });

  test('google: location at the configured zoom with a marker; distance and weather add their outline; overview one path per ring', async () => {
    const location = okUrl(await google.get('/api/geofence/locationMap/51.5/-0.12'));
    assert.equal(location.searchParams.get('center'), '51.5,-0.12');
    assert.equal(location.searchParams.get('zoom'), '16');
    assert.equal(location.searchParams.get('markers'), 'color:red|51.5,-0.12');
    assert.equal(location.searchParams.getAll('path').length, 0);
    assert.equal(location.searchParams.get('key'), 'g2', 'keys rotate');

    const distance = okUrl(await google.get('/api/geofence/distanceMap/51.5/-0.12/1000'));
    assert.equal(distance.searchParams.get('markers'), 'color:red|51.5,-0.12');
    assert.match(distance.searchParams.get('path')!, /^color:0xe0301eff\|weight:2\|fillcolor:0xe0301e33\|enc:/);
    assert.equal(distance.searchParams.get('zoom'), '13');

    const weather = okUrl(await google.get('/api/geofence/weatherMap/51.5/-0.12'));
    const cell = weatherCellShape(51.5, -0.12);
    assert.equal(weather.searchParams.get('path'), `color:0xe0301eff|weight:2|fillcolor:0xe0301e33|enc:${encodePolyline(closeRing(cell.corners))}`);
    assert.equal(weather.searchParams.get('markers'), 'color:red|51.5,-0.12');

    const overview = okUrl(await google.post('/api/geofence/overviewMap', { areas: ['Two Parts', 'North Park'] }));
    assert.deepEqual(overview.searchParams.getAll('path').map((p) => p.slice(0, 16)), ['color:0xff0000ff', 'color:0xff0000ff', 'color:0x00ffffff']);
  });

  test('mapbox: shapes are path overlays before the position; a marker is a pin', async () => {
    const area = okUrl(await mapbox.get('/api/geofence/old_town/map'));
    const [, overlay, position, size] = /^\/styles\/v1\/mapbox\/streets-v11\/static\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(area.pathname) ?? [];
    assert.equal(decodeURIComponent(overlay!), `path-2+3366cc-1+3366cc-0.2(${encodePolyline(closeRing(OLD_TOWN))})`);
    assert.match(position!, /^11\.575,48\.1385,1\d,0$/);
    assert.equal(size, '400x300');
    assert.equal(area.searchParams.get('access_token'), 'pk.1');
    const location = okUrl(await mapbox.get('/api/geofence/locationMap/51.5/-0.12'));
    assert.equal(location.pathname, '/styles/v1/mapbox/streets-v11/static/pin-s+e0301e(-0.12,51.5)/-0.12,51.5,16,0/400x300');
  });

  test('osm (MapQuest): centre, zoom and marker only', async () => {
    const distance = okUrl(await osm.get('/api/geofence/distanceMap/51.5/-0.12/1000'));
    assert.equal(distance.host, 'www.mapquestapi.com');
    assert.equal(distance.searchParams.get('locations'), '51.5,-0.12');
    assert.equal(distance.searchParams.get('zoom'), '13');
    assert.ok(distance.searchParams.get('center')!.startsWith('51.5'));
    const area = okUrl(await osm.get('/api/geofence/old_town/map'));
    assert.equal(area.searchParams.get('locations'), null);
    assert.equal(area.searchParams.get('center'), `${(48.135 + 48.142) / 2},${(11.56 + 11.59) / 2}`);
  });

  test('an image download that fails is a 503, never a 500', async () => {
    assertError(await google.get('/api/geofence/locationMap/1/2?format=image'), 503, /^static map image: no network in these tests$/);
  });
});

describe('geofence maps without a provider', () => {
  test('static_provider none, or a tile server without its URL: every route is a 503', async (t) => {
    for (const geocoding of [{ static_provider: 'none' }, { static_provider: 'tileservercache', static_provider_url: ' ' }]) {
      const h = await harness(geocoding);
      t.after(() => h.app.close());
      for (const res of [
        await h.get('/api/geofence/Old%20Town/map'),
        await h.get('/api/geofence/atlantis/map'),
        await h.get('/api/geofence/locationMap/1/2'),
        await h.get('/api/geofence/distanceMap/1/2/0'),
        await h.get('/api/geofence/weatherMap/1/2?format=image'),
        await h.post('/api/geofence/overviewMap', { areas: ['Old Town'] }),
      ]) {
        assertError(res, 503, /^static map provider not configured/);
      }
    }
  });
});
