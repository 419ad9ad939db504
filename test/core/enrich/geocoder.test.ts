import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { GeocodingConfig } from '../../../core/config/index.ts';
import { addressFormatter, addressVariables, countryFlag, EMPTY_ADDRESS } from '../../../core/enrich/geocode/address.ts';
import { cacheKey, createReverseGeocoder } from '../../../core/enrich/geocode/geocoder.ts';
import { captureLog, type CapturedLog } from '../../helpers/log-capture.ts';
import { configWith } from './fixtures.ts';
import { deadUrl, fakeServer, type RecordedRequest } from './fake-server.ts';

const NOMINATIM_ANSWER = {
  display_name: '10, Downing Street, London, SW1A 2AA, United Kingdom',
  address: {
    house_number: '10',
    road: 'Downing Street',
    neighbourhood: 'Whitehall',
    suburb: 'Westminster',
    city: 'London',
    county: 'Greater London',
    state: 'England',
    postcode: 'SW1A 2AA',
    country: 'United Kingdom',
    country_code: 'gb',
  },
};

const GOOGLE_ANSWER = {
  status: 'OK',
  results: [
    {
      formatted_address: '1-1 Marunouchi, Chiyoda City, Tokyo 100-0005, Japan',
      address_components: [
        { long_name: '1', short_name: '1', types: ['street_number'] },
        { long_name: 'Marunouchi', short_name: 'Marunouchi', types: ['route'] },
        { long_name: 'Otemachi', short_name: 'Otemachi', types: ['neighborhood', 'political'] },
        { long_name: 'Chiyoda City', short_name: 'Chiyoda City', types: ['locality', 'political'] },
        { long_name: 'Chiyoda', short_name: 'Chiyoda', types: ['administrative_area_level_2', 'political'] },
        { long_name: 'Tokyo', short_name: 'Tokyo', types: ['administrative_area_level_1', 'political'] },
        { long_name: 'Japan', short_name: 'JP', types: ['country', 'political'] },
        { long_name: '100-0005', short_name: '100-0005', types: ['postal_code'] },
      ],
    },
  ],
};

function geocoding(overrides: Record<string, unknown>): GeocodingConfig {
  return configWith({ geocoding: overrides }).geocoding;
}

function geocoderFor(overrides: Record<string, unknown>, captured: CapturedLog = captureLog()) {
  return createReverseGeocoder(geocoding(overrides), { fetch, log: captured.log, now: Date.now });
}

describe('reverse geocoding', () => {
  test('nominatim: the reverse answer is mapped to the address parts', async (t) => {
    const server = await fakeServer(() => ({ body: NOMINATIM_ANSWER }));
    t.after(() => server.close());
    const address = await geocoderFor({ provider: 'nominatim', provider_url: server.url }).reverse(51.5034, -0.1276, 'e1');
    assert.equal(server.requests.length, 1);
    const req = server.requests[0]!;
    assert.equal(req.path, '/reverse');
    assert.equal(req.query.get('format'), 'json');
    assert.equal(req.query.get('lat'), '51.5034');
    assert.equal(req.query.get('lon'), '-0.1276');
    assert.deepEqual(address, {
      streetName: 'Downing Street',
      streetNumber: '10',
      city: 'London',
      zipcode: 'SW1A 2AA',
      country: 'United Kingdom',
      countryCode: 'GB',
      state: 'England',
      county: 'Greater London',
      neighbourhood: 'Whitehall',
      suburb: 'Westminster',
      formattedAddress: '10, Downing Street, London, SW1A 2AA, United Kingdom',
    });
  });

  test('google: the first result is mapped and the keys are used round-robin', async (t) => {
    const server = await fakeServer(() => ({ body: GOOGLE_ANSWER }));
    t.after(() => server.close());
    const geocoder = geocoderFor({ provider: 'google', provider_url: server.url, geocoding_key: ['k1', 'k2'] });
    const first = await geocoder.reverse(35.6812, 139.7671, 'e1');
    await geocoder.reverse(35.7, 139.8, 'e2');
    await geocoder.reverse(35.8, 139.9, 'e3');
    assert.deepEqual(
      server.requests.map((r) => r.query.get('key')),
      ['k1', 'k2', 'k1'],
    );
    assert.equal(server.requests[0]!.path, '/maps/api/geocode/json');
    assert.equal(server.requests[0]!.query.get('latlng'), '35.6812,139.7671');
    assert.equal(first.streetName, 'Marunouchi');
    assert.equal(first.streetNumber, '1');
    assert.equal(first.city, 'Chiyoda City');
    assert.equal(first.state, 'Tokyo');
    assert.equal(first.county, 'Chiyoda');
    assert.equal(first.country, 'Japan');
    assert.equal(first.countryCode, 'JP');
    assert.equal(first.zipcode, '100-0005');
    assert.equal(first.neighbourhood, 'Otemachi');
  });

  test('google: ZERO_RESULTS is an empty address; REQUEST_DENIED is a failure', async (t) => {
    let status = 'ZERO_RESULTS';
    const server = await fakeServer(() => ({ body: { status, results: [], error_message: 'The provided API key is invalid.' } }));
    t.after(() => server.close());
    const captured = captureLog();
    const geocoder = geocoderFor({ provider: 'google', provider_url: server.url, cache_detail: 0 }, captured);
    assert.deepEqual(await geocoder.reverse(1, 2, 'e1'), EMPTY_ADDRESS);
    assert.equal(captured.lines.filter((l) => l.level === 'warn').length, 0);
    status = 'REQUEST_DENIED';
    assert.deepEqual(await geocoder.reverse(1, 2, 'e2'), EMPTY_ADDRESS);
    const warn = captured.lines.find((l) => l.level === 'warn');
    assert.ok(warn);
    assert.match(String(warn.err), /REQUEST_DENIED: The provided API key is invalid/);
    assert.equal(warn.eventId, 'e2');
  });

  test('two nearby events share one cached answer', async (t) => {
    const server = await fakeServer(() => ({ body: NOMINATIM_ANSWER }));
    t.after(() => server.close());
    const geocoder = geocoderFor({ provider: 'nominatim', provider_url: server.url, cache_detail: 3 });
    const a = await geocoder.reverse(51.50341, -0.12761, 'e1');
    const b = await geocoder.reverse(51.50339, -0.12758, 'e2');
    assert.equal(server.requests.length, 1);
    assert.deepEqual(a, b);
    await geocoder.reverse(51.51, -0.12761, 'e3');
    assert.equal(server.requests.length, 2);
  });

  test('concurrent events for the same spot send one request', async (t) => {
    const server = await fakeServer(() => ({ body: NOMINATIM_ANSWER }));
    t.after(() => server.close());
    const geocoder = geocoderFor({ provider: 'nominatim', provider_url: server.url });
    const [a, b] = await Promise.all([geocoder.reverse(51.5034, -0.1276, 'e1'), geocoder.reverse(51.5034, -0.1276, 'e2')]);
    assert.equal(server.requests.length, 1);
    assert.equal(a.city, 'London');
    assert.equal(b.city, 'London');
  });

  test('cache_detail 0 turns the cache off', async (t) => {
    const server = await fakeServer(() => ({ body: NOMINATIM_ANSWER }));
    t.after(() => server.close());
    const geocoder = geocoderFor({ provider: 'nominatim', provider_url: server.url, cache_detail: 0 });
    await geocoder.reverse(51.5034, -0.1276, 'e1');
    await geocoder.reverse(51.5034, -0.1276, 'e2');
    assert.equal(server.requests.length, 2);
    assert.equal(cacheKey(51.5034, -0.1276, 0), null);
    assert.equal(cacheKey(51.50341, -0.12761, 3), '51.503,-0.128');
  });

  test('failures give empty values, never throw, and warn once per burst', async (t) => {
    let fail = true;
    const server = await fakeServer((_req: RecordedRequest) => (fail ? { status: 500, body: 'boom' } : { body: NOMINATIM_ANSWER }));
    t.after(() => server.close());
    const captured = captureLog();
    const geocoder = geocoderFor({ provider: 'nominatim', provider_url: server.url }, captured);
    assert.deepEqual(await geocoder.reverse(1, 1, 'e1'), EMPTY_ADDRESS);
    assert.deepEqual(await geocoder.reverse(2, 2, 'e2'), EMPTY_ADDRESS);
    assert.deepEqual(await geocoder.reverse(3, 3, 'e3'), EMPTY_ADDRESS);
    assert.equal(captured.lines.filter((l) => l.level === 'warn').length, 1);
    assert.equal(captured.lines.find((l) => l.level === 'warn')!.eventId, 'e1');
    fail = false;
    assert.equal((await geocoder.reverse(4, 4, 'e4')).city, 'London');
    assert.ok(captured.lines.some((l) => l.level === 'info' && l.failures === 3));
    fail = true;
    await geocoder.reverse(5, 5, 'e5');
    assert.equal(captured.lines.filter((l) => l.level === 'warn').length, 2);
  });

  test('a failed answer is not cached', async (t) => {
    let fail = true;
    const server = await fakeServer(() => (fail ? { status: 503, body: 'busy' } : { body: NOMINATIM_ANSWER }));
    t.after(() => server.close());
    const geocoder = geocoderFor({ provider: 'nominatim', provider_url: server.url });
    assert.equal((await geocoder.reverse(51.5, -0.12, 'e1')).city, '');
    fail = false;
    assert.equal((await geocoder.reverse(51.5, -0.12, 'e2')).city, 'London');
  });

  test('an unreachable provider is a failure too', async () => {
    const captured = captureLog();
    const geocoder = geocoderFor({ provider: 'nominatim', provider_url: await deadUrl() }, captured);
    assert.deepEqual(await geocoder.reverse(1, 1, 'e1'), EMPTY_ADDRESS);
    assert.equal(captured.lines.filter((l) => l.level === 'warn').length, 1);
  });

  test('after repeated failures the provider is left alone for a while', async (t) => {
    const server = await fakeServer(() => ({ status: 500, body: 'down' }));
    t.after(() => server.close());
    const geocoder = geocoderFor({ provider: 'nominatim', provider_url: server.url, cache_detail: 0 });
    for (let i = 0; i < 8; i += 1) await geocoder.reverse(i, i, `e${i}`);
    assert.equal(server.requests.length, 5);
  });

  test('provider none and forward_only never send a request', async (t) => {
    const server = await fakeServer(() => ({ body: NOMINATIM_ANSWER }));
    t.after(() => server.close());
    assert.deepEqual(await geocoderFor({ provider: 'none', provider_url: server.url }).reverse(1, 1, 'e1'), EMPTY_ADDRESS);
    assert.deepEqual(await geocoderFor({ provider: 'nominatim', provider_url: server.url, forward_only: true }).reverse(1, 1, 'e1'), EMPTY_ADDRESS);
    assert.equal(server.requests.length, 0);
  });
});

describe('address variables', () => {
  test('addr renders [locale] address_format; flag comes from the country code', () => {
    const log = captureLog().log;
    const address = { ...EMPTY_ADDRESS, streetName: 'Downing Street', streetNumber: '10', city: 'London', countryCode: 'GB' };
    const v = addressVariables(address, addressFormatter('{{{streetName}}} {{streetNumber}}, {{city}}', log));
    assert.equal(v.addr, 'Downing Street 10, London');
    assert.equal(v.flag, '\u{1F1EC}\u{1F1E7}');
    assert.equal(addressVariables(EMPTY_ADDRESS, addressFormatter('{{{streetName}}} {{streetNumber}}', log)).addr, '');
  });

  test('country flags', () => {
    assert.equal(countryFlag('jp'), '\u{1F1EF}\u{1F1F5}');
    assert.equal(countryFlag(''), '');
    assert.equal(countryFlag('GBR'), '');
  });

  test('a broken address format falls back to street name and number', () => {
    const captured = captureLog();
    const format = addressFormatter('{{#if streetName}', captured.log);
    assert.equal(format({ ...EMPTY_ADDRESS, streetName: 'High St', streetNumber: '4' }), 'High St 4');
    assert.ok(captured.lines.some((l) => l.level === 'warn' && l.key === 'locale.address_format'));
  });

  test('quotes, backslashes and line breaks from a provider are made safe for JSON bodies', async (t) => {
    const server = await fakeServer(() => ({ body: { address: { road: 'The "Quoted"\nRoad\\', country_code: 'us' } } }));
    t.after(() => server.close());
    const address = await geocoderFor({ provider: 'nominatim', provider_url: server.url }).reverse(1, 1, 'e1');
    assert.equal(address.streetName, "The ''Quoted'' Road?");
  });
});
