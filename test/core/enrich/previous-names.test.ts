/**
 * The common pieces behind the previous generations' template names: day and night at a spot, the scanner map
 * site links, plugins' own clock times, the framing of a shape for a static map and the shared shiny rates.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { defaultConfig } from '../../../core/config/index.ts';
import { eventClock } from '../../../core/enrich/event-clock.ts';
import { mapPosition } from '../../../core/enrich/map-position.ts';
import { MAP_ENTITY, mapSiteLinks } from '../../../core/enrich/map-sites.ts';
import { ShinyRateStore, shinyOdds } from '../../../core/enrich/shiny-rates.ts';
import { sunTimes, sunVariables } from '../../../core/enrich/sun.ts';
import { silentLogger } from '../../../core/log/logger.ts';

const MUNICH = { latitude: 48.137, longitude: 11.575 };

describe('sun: nightTime, dawnTime, duskTime', () => {
  test('sunrise and sunset of a summer day in Munich, within two minutes of the almanac (03:14 and 19:18 UTC)', () => {
    const { sunrise, sunset } = sunTimes(Date.UTC(2024, 5, 21, 12), MUNICH.latitude, MUNICH.longitude);
    assert.ok(Math.abs(sunrise! - Date.UTC(2024, 5, 21, 3, 14)) < 120_000, new Date(sunrise!).toISOString());
    assert.ok(Math.abs(sunset! - Date.UTC(2024, 5, 21, 19, 18)) < 120_000, new Date(sunset!).toISOString());
  });

  test('night, dawn, day and dusk over one day', () => {
    const at = (h: number, m = 0) => sunVariables(Date.UTC(2024, 5, 21, h, m), MUNICH.latitude, MUNICH.longitude);
    assert.deepEqual(at(1), { nightTime: true, dawnTime: false, duskTime: false });
    assert.deepEqual(at(3, 45), { nightTime: false, dawnTime: true, duskTime: false });
    assert.deepEqual(at(12), { nightTime: false, dawnTime: false, duskTime: false });
    assert.deepEqual(at(18, 45), { nightTime: false, dawnTime: false, duskTime: true });
    assert.deepEqual(at(21), { nightTime: true, dawnTime: false, duskTime: false });
  });

  test('polar day and polar night', () => {
    assert.deepEqual(sunVariables(Date.UTC(2024, 5, 21, 0), 78.22, 15.65), { nightTime: false, dawnTime: false, duskTime: false });
    assert.deepEqual(sunVariables(Date.UTC(2024, 11, 21, 12), 78.22, 15.65), { nightTime: true, dawnTime: false, duskTime: false });
  });
});

describe('map site links', () => {
  const general = { rdm_url: 'https://rdm.example', react_map_url: 'https://react.example/', rocket_mad_url: 'https://rm.example', diadem_url: 'https://diadem.example/' };

  test('each site links the thing in its own words; the spot where it has no page for the kind', () => {
    const links = mapSiteLinks(general);
    assert.deepEqual(links(MAP_ENTITY.gym('g 1'), MUNICH), {
      rdmUrl: 'https://rdm.example/@gym/g%201',
      reactMapUrl: 'https://react.example/id/gyms/g%201',
      rocketMadUrl: 'https://rm.example/?lat=48.137&lon=11.575&zoom=18.0',
      diademUrl: 'https://diadem.example/gym/g%201',
    });
    assert.equal(links(MAP_ENTITY.nest('7'), MUNICH).rdmUrl, 'https://rdm.example/@48.137/@11.575/18');
    assert.equal(links(MAP_ENTITY.station('s'), MUNICH).reactMapUrl, 'https://react.example/id/stations/s');
  });

  test('an empty base gives empty links', () => {
    const links = mapSiteLinks({ rdm_url: '', react_map_url: ' ', rocket_mad_url: '', diadem_url: '' })(MAP_ENTITY.pokemon('1'), MUNICH);
    assert.deepEqual(links, { rdmUrl: '', reactMapUrl: '', rocketMadUrl: '', diademUrl: '' });
  });

  test('the keys exist in [general], empty by default', () => {
    const g = defaultConfig().general;
    assert.deepEqual([g.rdm_url, g.react_map_url, g.rocket_mad_url, g.diadem_url], ['', '', '', '']);
  });
});

describe('event clock', () => {
  test('a moment as [locale] time and date in the spot\'s zone; 0 is no time', async () => {
    const clock = await eventClock({ ...defaultConfig().locale, timeformat: 'de', time: 'HH:mm', date: 'L' }, silentLogger())();
    const zone = clock.zoneAt(MUNICH.latitude, MUNICH.longitude);
    assert.equal(zone, 'Europe/Berlin');
    const moment = Date.UTC(2024, 0, 15, 12, 30) / 1000;
    assert.equal(clock.time(moment, zone), '13:30');
    assert.equal(clock.date(moment, zone), '15.01.2024');
    assert.equal(clock.format(moment, zone, 'dddd'), 'Montag');
    assert.equal(clock.time(0, zone), '');
  });
});

describe('map position', () => {
  test('the centre and a zoom of at most 16 that fits the points; a point alone; nothing', () => {
    const park = mapPosition([[48.16, 11.6], [48.168, 11.611]])!;
    assert.ok(Math.abs(park.map_latitude - 48.164) < 1e-9 && Math.abs(park.map_longitude - 11.6055) < 1e-9);
    assert.ok(park.zoom > 13 && park.zoom < 16, String(park.zoom));
    assert.equal(mapPosition([[48.16, 11.6]])!.zoom, 16);
    assert.equal(mapPosition([]), null);
  });
});

describe('shiny rates', () => {
  test('published rates replace the old ones; shinyStats is n of 1/n', () => {
    const rates = new ShinyRateStore();
    rates.publish(new Map([[25, { encountered: 1000, shiny: 4 }], [1, { encountered: 10, shiny: 0 }]]));
    assert.deepEqual([rates.possible(25), rates.possible(1), rates.possible(2)], [true, false, false]);
    assert.equal(shinyOdds(rates.rate(25)), 250);
    assert.equal(shinyOdds(rates.rate(1)), '');
    rates.publish(new Map());
    assert.equal(rates.possible(25), false);
  });
});
