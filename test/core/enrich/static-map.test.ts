import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createStaticMapper } from '../../../core/enrich/static-map.ts';
import { captureLog, type CapturedLog } from '../../helpers/log-capture.ts';
import { configWith } from './fixtures.ts';
import { deadUrl, fakeServer } from './fake-server.ts';

const where = { latitude: 51.5, longitude: -0.12 };
const request = (eventId = 'e1') => ({ location: where, alertType: 'monster', view: () => ({ latitude: 51.5, longitude: -0.12, name: 'Pikachu', imgUrl: 'https://img/1.png' }), eventId });

function mapperFor(geocoding: Record<string, unknown>, captured: CapturedLog = captureLog()) {
  const config = configWith({ geocoding, fallbacks: { static_map: 'https://fallback.example/static.png' } });
  return createStaticMapper(config, { fetch, log: captured.log, now: Date.now });
}

describe('static map', () => {
  test('provider none gives an empty string', async () => {
    assert.equal(await mapperFor({ static_provider: 'none' })(request()), '');
  });

  test('google, osm and mapbox URLs are built from the position, size, zoom and a rotated key', async () => {
    const frame = { width: 400, height: 300, zoom: 16 };
    const google = mapperFor({ static_provider: 'google', static_key: ['g1', 'g2'], ...frame });
    const g1 = new URL(await google(request()));
    const g2 = new URL(await google(request()));
    assert.equal(g1.origin + g1.pathname, 'https://maps.googleapis.com/maps/api/staticmap');
    assert.equal(g1.searchParams.get('center'), '51.5,-0.12');
    assert.equal(g1.searchParams.get('markers'), 'color:red|51.5,-0.12');
    assert.equal(g1.searchParams.get('size'), '400x300');
    assert.equal(g1.searchParams.get('zoom'), '16');
    assert.deepEqual([g1.searchParams.get('key'), g2.searchParams.get('key')], ['g1', 'g2']);

    const osm = new URL(await mapperFor({ static_provider: 'osm', static_key: ['q'], ...frame })(request()));
    assert.equal(osm.host, 'www.mapquestapi.com');
    assert.equal(osm.searchParams.get('locations'), '51.5,-0.12');
    assert.equal(osm.searchParams.get('size'), '400,300');
    assert.equal(osm.searchParams.get('key'), 'q');

    const mapbox = await mapperFor({ static_provider: 'mapbox', static_key: ['pk.1'], ...frame })(request());
    assert.match(mapbox, /^https:\/\/api\.mapbox\.com\/styles\/v1\/mapbox\/streets-v11\/static\/pin-s\+e0301e\(-0\.12,51\.5\)\/-0\.12,51\.5,16,0\/400x300\?access_token=pk\.1$/);
  });

  test('tileservercache: the view is posted to the poracle template and the pre-generated image is used', async (t) => {
    const server = await fakeServer(() => ({ body: 'abc-123' }));
    t.after(() => server.close());
    const url = await mapperFor({ static_provider: 'tileservercache', static_provider_url: `${server.url}/` })(request());
    assert.equal(url, `${server.url}/staticmap/pregenerated/abc-123`);
    const req = server.requests[0]!;
    assert.equal(req.method, 'POST');
    assert.equal(req.path, '/staticmap/poracle-monster');
    assert.equal(req.query.get('pregenerate'), 'true');
    assert.equal(req.query.get('regeneratable'), 'true');
    assert.deepEqual(JSON.parse(req.body), { latitude: 51.5, longitude: -0.12, name: 'Pikachu', imgUrl: 'https://img/1.png' });
  });

  test('tileservercache: an answer that is already a URL is used as it is', async (t) => {
    const server = await fakeServer(() => ({ body: 'https://tiles.example/x.png\n' }));
    t.after(() => server.close());
    assert.equal(await mapperFor({ static_provider: 'tileservercache', static_provider_url: server.url })(request()), 'https://tiles.example/x.png');
  });

  test('tileservercache failures fall back to [fallbacks] static_map, warned once per burst', async (t) => {
    let reply = { status: 500, body: 'oops' as unknown };
    const server = await fakeServer(() => reply);
    t.after(() => server.close());
    const captured = captureLog();
    const mapper = mapperFor({ static_provider: 'tileservercache', static_provider_url: server.url }, captured);
    assert.equal(await mapper(request('e1')), 'https://fallback.example/static.png');
    reply = { status: 200, body: '<html>error</html>' };
    assert.equal(await mapper(request('e2')), 'https://fallback.example/static.png');
    assert.equal(captured.lines.filter((l) => l.level === 'warn').length, 1);
    assert.equal(captured.lines.find((l) => l.level === 'warn')!.eventId, 'e1');
    const dead = mapperFor({ static_provider: 'tileservercache', static_provider_url: await deadUrl() });
    assert.equal(await dead(request()), 'https://fallback.example/static.png');
  });
});
