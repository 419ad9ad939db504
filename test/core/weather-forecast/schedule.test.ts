/** The refresh schedule (fixed local hours, or an interval after the fetch) and AccuWeather icons → game conditions. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fetchHours, gameCondition, nextRefresh } from '../../../core/weather-forecast/index.ts';

const H = 3_600_000;

test('fetch hours: the first local hour, then every interval until midnight', () => {
  assert.deepEqual(fetchHours({ intervalHours: 8, firstFetchHour: 3, smart: false }), [3, 11, 19]);
  assert.deepEqual(fetchHours({ intervalHours: 24, firstFetchHour: 5, smart: false }), [5]);
});

test('next refresh: the next fetch hour of the cell’s own day, or the interval after the fetch', () => {
  const schedule = { intervalHours: 8, firstFetchHour: 3, smart: false };
  // 08:30 UTC is 09:30 in Berlin (winter): next 11:00 local = 10:00 UTC
  assert.equal(nextRefresh(schedule, Date.UTC(2026, 10, 27, 8, 30), 'Europe/Berlin'), Date.UTC(2026, 10, 27, 10));
  // 19:30 local: tomorrow 03:00 local = 02:00 UTC
  assert.equal(nextRefresh(schedule, Date.UTC(2026, 10, 27, 18, 30), 'Europe/Berlin'), Date.UTC(2026, 10, 28, 2));
  assert.equal(nextRefresh(schedule, Date.UTC(2026, 10, 27, 18, 30), 'UTC'), Date.UTC(2026, 10, 27, 19));
  const now = Date.UTC(2026, 10, 27, 8, 30);
  assert.equal(nextRefresh({ ...schedule, smart: true }, now, 'Europe/Berlin'), now + 8 * H);
  assert.equal(nextRefresh({ ...schedule, firstFetchHour: 0 }, now, 'Europe/Berlin'), now + 8 * H);
});

test('AccuWeather icons → game conditions; strong wind makes a dry sky windy', () => {
  const at = (icon: number, wind = 5) => gameCondition({ EpochDateTime: 0, WeatherIcon: icon, Wind: { Speed: { Value: wind } }, WindGust: { Speed: { Value: wind } } });
  assert.deepEqual([1, 12, 3, 7, 32, 22, 11, 99].map((i) => at(i)), [1, 2, 3, 4, 5, 6, 7, 0]);
  assert.equal(at(1, 25), 5);
  assert.equal(at(6, 25), 5);
  assert.equal(at(18, 40), 2, 'rain stays rain in wind');
  assert.equal(gameCondition({ EpochDateTime: 0, WeatherIcon: 2, Wind: { Speed: { Value: 10 } }, WindGust: { Speed: { Value: 31 } } }), 5, 'gusts over 30 km/h');
});
