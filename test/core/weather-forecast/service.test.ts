/**
 * The forecast service against a local fake of AccuWeather: background fetches and reads from memory, the
 * refresh schedule, key rotation with the daily quota, a refused key, the provider down, the disk cache after a
 * restart. Time is an injected clock; every wait is for the service's own fetches (settled()).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { silentLogger } from '../../../core/log/logger.ts';
import { accuWeather, ForecastService } from '../../../core/weather-forecast/index.ts';
import { startFakeAccuWeather, type FakeAccuWeather } from '../../fakes/accuweather/server.ts';

const HOUR = 3_600_000;
/** 08:30 UTC, 09:30 in Munich */
const T0 = Date.UTC(2026, 10, 27, 8, 30);
const MUNICH = [48.1365, 11.572] as const;
const BERLIN = [52.52, 13.405] as const;
const PARIS = [48.8566, 2.3522] as const;

/** twelve hours from 09:00 UTC: clear, then rain from 10:00 */
function hoursFrom(startMs: number): { epoch: number; icon: number }[] {
  const first = (startMs - (startMs % HOUR)) / 1000 + 3600;
  return Array.from({ length: 12 }, (_, i) => ({ epoch: first + i * 3600, icon: i === 0 ? 1 : 12 }));
}

describe('weather forecast service', () => {
  let fake: FakeAccuWeather;
  let dir: string;
  let clock = T0;
  const made: ForecastService[] = [];

  before(async () => (fake = await startFakeAccuWeather({ hours: hoursFrom(T0) })));
  after(() => fake.close());
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'forecast-'));
    clock = T0;
    fake.calls.length = 0;
    fake.options.hours = hoursFrom(T0);
  });
  afterEach(async () => {
    await Promise.all(made.splice(0).map((s) => s.settled()));
    await rm(dir, { recursive: true, force: true });
  });

  function service(o: { keys?: string[]; quota?: number; url?: string; smart?: boolean } = {}): ForecastService {
    const s = new ForecastService({
      provider: accuWeather(o.url ?? fake.url),
      apiKeys: o.keys ?? ['KEY-A'],
      dayQuota: o.quota ?? 50,
      schedule: { intervalHours: 8, firstFetchHour: 3, smart: o.smart ?? false },
      cacheFile: join(dir, '.cache', 'weather-forecast.json'),
      log: silentLogger(),
      now: () => clock,
    });
    made.push(s);
    return s;
  }

  test('a cell without a forecast is fetched in the background; then read from memory', async () => {
    const s = service();
    await s.ready;
    assert.equal(s.at(...MUNICH, clock), null, 'nothing known yet: the caller does not wait');
    await s.settled();
    assert.deepEqual(s.at(...MUNICH, clock), { current: 0, next: 1 });
    assert.deepEqual(fake.calls.map((c) => c.kind), ['location', 'forecast']);
    assert.match(fake.calls[0]!.query, /q=48\.1365%2C11\.572/);
    assert.match(fake.calls[1]!.query, /details=true&metric=true/);
    s.at(...MUNICH, clock);
    await s.settled();
    assert.equal(fake.calls.length, 2, 'no second call in the same hour');
    clock = T0 + HOUR;
    assert.deepEqual(s.at(...MUNICH, clock), { current: 1, next: 2 }, 'an hour later: the forecast of 09:00 is current');
  });

  test('refreshed at the next local fetch hour (3, 11, 19 with the defaults), the location key reused', async () => {
    const s = service();
    await s.ready;
    s.at(...MUNICH, clock);
    await s.settled();
    clock = T0 + HOUR; // 10:30 local: the 11:00 refresh is not due
    s.at(...MUNICH, clock);
    await s.settled();
    assert.equal(fake.calls.length, 2);
    clock = T0 + 2 * HOUR; // 11:30 local
    s.at(...MUNICH, clock);
    await s.settled();
    assert.deepEqual(fake.calls.map((c) => c.kind), ['location', 'forecast', 'forecast']);
  });

  test('keys rotate; once every key has spent its quota no call is made until UTC midnight', async () => {
    const s = service({ keys: ['KEY-A', 'KEY-B'], quota: 2 });
    await s.ready;
    for (const [latitude, longitude] of [MUNICH, BERLIN, PARIS]) {
      s.at(latitude, longitude, clock);
      await s.settled();
    }
    assert.deepEqual(fake.calls.map((c) => c.apiKey), ['KEY-A', 'KEY-B', 'KEY-A', 'KEY-B']);
    assert.equal(s.at(...PARIS, clock), null, 'no forecast for the third cell');
    assert.deepEqual(s.at(...BERLIN, clock), { current: 0, next: 1 }, 'the cells fetched keep theirs');
    clock = Date.UTC(2026, 10, 28, 0, 10);
    fake.options.hours = hoursFrom(clock);
    s.at(...PARIS, clock);
    await s.settled();
    assert.equal(fake.calls.length, 6, 'a new UTC day: calls again');
    assert.deepEqual(s.at(...PARIS, clock), { current: 0, next: 1 });
  });

  test('a refused key (401) is left out for the day; the next key does the work', async () => {
    const refusing = await startFakeAccuWeather({ hours: hoursFrom(T0), refusedKeys: ['BAD-KEY'] });
    try {
      const s = service({ keys: ['BAD-KEY', 'GOOD-KEY'], url: refusing.url });
      await s.ready;
      s.at(...MUNICH, clock);
      await s.settled();
      s.at(...BERLIN, clock);
      await s.settled();
      assert.deepEqual(
        refusing.calls.map((c) => `${c.kind}:${c.apiKey}`),
        ['location:BAD-KEY', 'location:GOOD-KEY', 'forecast:GOOD-KEY', 'location:GOOD-KEY', 'forecast:GOOD-KEY'],
      );
      assert.deepEqual(s.at(...BERLIN, clock), { current: 0, next: 1 });
    } finally {
      await refusing.close();
    }
  });

  test('the provider down: no forecast, no error, tried again next hour', async () => {
    const gone = await startFakeAccuWeather({ hours: hoursFrom(T0) });
    await gone.close();
    const s = service({ url: gone.url });
    await s.ready;
    assert.equal(s.at(...MUNICH, clock), null);
    await s.settled();
    assert.equal(s.at(...MUNICH, clock), null);
    await s.settled();
    const back = service({ url: fake.url });
    await back.ready;
    back.at(...MUNICH, clock);
    await back.settled();
    assert.equal(fake.calls.length, 0, 'the failed hour was remembered in the cache: no retry within it');
    clock = T0 + HOUR;
    back.at(...MUNICH, clock);
    await back.settled();
    assert.deepEqual(fake.calls.map((c) => c.kind), ['location', 'forecast']);
  });

  test('after a restart the disk cache answers: no new calls, and the quota spent is remembered', async () => {
    const first = service({ quota: 2 });
    await first.ready;
    first.at(...MUNICH, clock);
    await first.settled();
    assert.equal(fake.calls.length, 2);
    const second = service({ quota: 2 });
    await second.ready;
    assert.deepEqual(second.at(...MUNICH, clock), { current: 0, next: 1 });
    second.at(...BERLIN, clock);
    await second.settled();
    assert.equal(fake.calls.length, 2, 'the key spent its 2 calls before the restart');
  });

  test('with smart_forecast the forecast is due forecast_refresh_interval hours after the fetch', async () => {
    const s = service({ smart: true });
    await s.ready;
    s.at(...MUNICH, clock);
    await s.settled();
    fake.options.hours = hoursFrom(T0 + 8 * HOUR);
    clock = T0 + 8 * HOUR; // 16:30 UTC: the hour started before the 8 hours were up
    s.at(...MUNICH, clock);
    await s.settled();
    assert.equal(fake.calls.length, 2, 'not due within the hour the interval ends in');
    clock = T0 + 8 * HOUR + HOUR / 2; // 17:00 UTC
    s.at(...MUNICH, clock);
    await s.settled();
    assert.equal(fake.calls.length, 3);
  });
});
