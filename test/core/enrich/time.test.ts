import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadDayLocale } from '../../../core/enrich/day-locale.ts';
import { secondsLeft, timeVariables } from '../../../core/enrich/time.ts';
import { timeZoneAt } from '../../../core/enrich/time-zone.ts';
import { captureLog } from '../../helpers/log-capture.ts';

const NOON_UTC = Date.UTC(2024, 0, 15, 12, 0, 0);
const formats = { time: 'LTS', date: 'L' };

describe('time variables', () => {
  test('the time zone comes from the coordinates', () => {
    assert.equal(timeZoneAt(35.6812, 139.7671), 'Asia/Tokyo');
    assert.equal(timeZoneAt(51.5074, -0.1278), 'Europe/London');
    assert.equal(timeZoneAt(Number.NaN, 0), 'UTC');
  });

  test('the same instant reads differently in Tokyo and London', async () => {
    const locale = await loadDayLocale('en-gb', captureLog().log);
    const at = (lat: number, lon: number) => timeVariables({ expiresAt: NOON_UTC, now: NOON_UTC - 60_000, zone: timeZoneAt(lat, lon), locale, formats });
    const tokyo = at(35.6812, 139.7671);
    const london = at(51.5074, -0.1278);
    assert.equal(tokyo.time, '21:00:00');
    assert.equal(london.time, '12:00:00');
    assert.notEqual(tokyo.time, london.time);
    assert.equal(tokyo.now, '15/01/2024 20:59:00');
    assert.equal(london.now, '15/01/2024 11:59:00');
  });

  test('time left is split into hours, minutes within the hour and seconds within the minute', () => {
    const v = timeVariables({ expiresAt: NOON_UTC + (2 * 3600 + 5 * 60 + 7) * 1000 + 900, now: NOON_UTC, zone: 'UTC', locale: 'en', formats });
    assert.deepEqual([v.tthh, v.tthm, v.tths], [2, 5, 7]);
    assert.equal(v.nowISO, '2024-01-15T12:00:00.000Z');
  });

  test('more than a day left: tthd days, tthh the hours within the day, and the whole as tth', () => {
    const v = timeVariables({ expiresAt: NOON_UTC + ((6 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000, now: NOON_UTC, zone: 'UTC', locale: 'en', formats });
    assert.deepEqual([v.tthd, v.tthh, v.tthm, v.tths], [6, 3, 4, 5]);
    assert.deepEqual(v.tth, { days: 6, hours: 3, minutes: 4, seconds: 5, firstDateWasLater: false });
    const ended = timeVariables({ expiresAt: NOON_UTC - 1000, now: NOON_UTC, zone: 'UTC', locale: 'en', formats });
    assert.deepEqual(ended.tth, { days: 0, hours: 0, minutes: 0, seconds: 0, firstDateWasLater: true });
  });

  test('an unknown or past end gives an empty time and no time left', () => {
    const none = timeVariables({ expiresAt: null, now: NOON_UTC, zone: 'UTC', locale: 'en', formats });
    assert.equal(none.time, '');
    assert.deepEqual([none.tthh, none.tthm, none.tths], [0, 0, 0]);
    assert.equal(secondsLeft(NOON_UTC - 5000, NOON_UTC), 0);
  });

  test('operator formats and locales apply', async () => {
    const locale = await loadDayLocale('de', captureLog().log);
    const v = timeVariables({ expiresAt: NOON_UTC, now: NOON_UTC, zone: 'Europe/Berlin', locale, formats: { time: 'HH:mm dddd', date: 'L' } });
    assert.equal(v.time, '13:00 Montag');
    assert.equal(v.now, '15.01.2024 13:00 Montag');
  });

  test('an unknown locale falls back with a warning', async () => {
    const captured = captureLog();
    assert.equal(await loadDayLocale('xx-nowhere', captured.log), 'en');
    assert.equal(await loadDayLocale('de-zz', captured.log), 'de');
    assert.equal(await loadDayLocale('../../etc', captured.log), 'en');
    assert.equal(captured.lines.filter((l) => l.level === 'warn').length, 3);
  });
});
