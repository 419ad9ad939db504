import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createCommonEnricher } from '../../../core/enrich/index.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { configWith, fence, matchFor } from './fixtures.ts';
import { fakeServer, type FakeServer } from './fake-server.ts';

const NOW = Date.UTC(2024, 5, 1, 10, 0, 0);
const TOKYO = { latitude: 35.6812, longitude: 139.7671 };

async function providers(): Promise<{ geo: FakeServer; tiles: FakeServer }> {
  const geo = await fakeServer(() => ({
    body: { display_name: 'x', address: { road: 'Marunouchi', house_number: '1', city: 'Chiyoda', postcode: '100-0005', state: 'Tokyo', country: 'Japan', country_code: 'jp', neighbourhood: 'Otemachi' } },
  }));
  const tiles = await fakeServer(() => ({ body: 'tile-1' }));
  return { geo, tiles };
}

describe('common enricher', () => {
  test('eventView gives every common variable of a located event', async (t) => {
    const { geo, tiles } = await providers();
    t.after(async () => {
      await geo.close();
      await tiles.close();
    });
    const config = configWith({
      geocoding: { provider: 'nominatim', provider_url: geo.url, static_provider: 'tileservercache', static_provider_url: tiles.url },
      locale: { timeformat: 'en-gb', time: 'HH:mm:ss', date: 'DD/MM/YYYY', address_format: '{{{streetName}}} {{streetNumber}}, {{city}}' },
      general: {
        scanner_map_url_a: 'https://map.example/@/{{latitude}}/{{longitude}}/17?n={{name}}&a=1',
        scanner_map_url_b: 'https://other.example/',
        scanner_map_url_c: '',
      },
    });
    const enricher = createCommonEnricher({ config, log: captureLog().log, rootDir: process.cwd(), now: () => NOW });
    const view = await enricher.eventView({
      location: TOKYO,
      expiresAt: NOW + (3600 + 2 * 60 + 3) * 1000,
      fences: [fence('Chiyoda'), fence('Secret', { displayInMatches: false })],
      alertType: 'monster',
      pluginView: { name: 'Pikachu & co' },
      eventId: 'e1',
    });
    assert.equal(view.latitude, 35.6812);
    assert.equal(view.longitude, 139.7671);
    assert.equal(view.areas, 'Chiyoda');
    assert.deepEqual(view.matched, ['chiyoda', 'secret']);
    assert.equal(view.navUrlA, 'https://www.google.com/maps/search/?api=1&query=35.6812,139.7671');
    assert.ok(String(view.navUrlB).startsWith('https://maps.apple.com/'));
    assert.ok(String(view.navUrlC).startsWith('https://www.waze.com/'));
    assert.equal(view.googleMapUrl, view.navUrlA);
    assert.equal(view.scannerMapUrlA, 'https://map.example/@/35.6812/139.7671/17?n=Pikachu & co&a=1');
    assert.equal(view.scannerMapUrlB, 'https://other.example/');
    assert.equal(view.scannerMapUrlC, '');
    assert.equal(view.time, '20:02:03');
    assert.deepEqual([view.tthh, view.tthm, view.tths], [1, 2, 3]);
    assert.equal(view.now, '01/06/2024 19:00:00');
    assert.equal(view.nowISO, '2024-06-01T10:00:00.000Z');
    assert.equal(view.addr, 'Marunouchi 1, Chiyoda');
    assert.equal(view.city, 'Chiyoda');
    assert.equal(view.zipcode, '100-0005');
    assert.equal(view.country, 'Japan');
    assert.equal(view.state, 'Tokyo');
    assert.equal(view.neighbourhood, 'Otemachi');
    assert.equal(view.streetName, 'Marunouchi');
    assert.equal(view.streetNumber, '1');
    assert.equal(view.flag, '\u{1F1EF}\u{1F1F5}');
    assert.equal(view.staticMap, `${tiles.url}/staticmap/pregenerated/tile-1`);
    assert.equal(view.staticmap, view.staticMap);
    const posted = JSON.parse(tiles.requests[0]!.body) as Record<string, unknown>;
    assert.equal(posted.name, 'Pikachu & co');
    assert.equal(posted.latitude, 35.6812);
    assert.equal(tiles.requests[0]!.path, '/staticmap/poracle-monster');
  });

  test('with the default configuration nothing is fetched and the address and map are empty', async () => {
    const requests: string[] = [];
    const noNetwork = (async (input: string | URL | Request) => {
      requests.push(String(input));
      throw new Error('no network in tests');
    }) as typeof fetch;
    const enricher = createCommonEnricher({ config: configWith({}), log: captureLog().log, rootDir: process.cwd(), fetch: noNetwork, now: () => NOW });
    const view = await enricher.eventView({ location: TOKYO, expiresAt: null, fences: [], alertType: 'raid', pluginView: {}, eventId: 'e1' });
    assert.equal(requests.length, 0);
    assert.equal(view.addr, '');
    assert.equal(view.city, '');
    assert.equal(view.flag, '');
    assert.equal(view.staticMap, '');
    assert.equal(view.time, '');
    assert.equal(view.scannerMapUrlA, '');
    assert.equal(view.now, '01/06/2024 19:00:00');
    await enricher.stop?.();
  });

  test('targetView gives distance, bearing, arrow and prefix', () => {
    const enricher = createCommonEnricher({ config: configWith({}), log: captureLog().log, rootDir: process.cwd() });
    const view = enricher.targetView({ location: { latitude: 51.5, longitude: 0.01 }, match: matchFor({ latitude: 51.5, longitude: 0 }), commandPrefix: '!' });
    assert.deepEqual(view, { distance: 692, bearing: 90, bearingEmoji: '\u27A1\uFE0F', prefix: '!' });
  });
});
