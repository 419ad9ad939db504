/**
 * --from / --to: ISO times and unix seconds read as bounds, anything else refused with the accepted forms,
 * both bounds inclusive.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inWindow, NO_WINDOW, parseTimeBound } from '../../../core/replay-log/time-window.ts';

test('bounds: ISO 8601 (with a zone, or local time without one) and unix seconds', () => {
  assert.equal(parseTimeBound('2024-05-01T18:00:00Z'), Date.UTC(2024, 4, 1, 18));
  assert.equal(parseTimeBound('2024-05-01T20:00:00+02:00'), Date.UTC(2024, 4, 1, 18));
  assert.equal(parseTimeBound('2024-05-01T18:00:00'), new Date(2024, 4, 1, 18).getTime());
  assert.equal(parseTimeBound('1714586400'), Date.UTC(2024, 4, 1, 18));
  assert.equal(parseTimeBound(' 1714586400.5 '), Date.UTC(2024, 4, 1, 18) + 500);
  for (const bad of ['yesterday', '', '2024-13-45T99:00:00Z', '-5', '17e8']) assert.match(String(parseTimeBound(bad)), /is neither an ISO time .* nor unix seconds/, bad);
});

test('the window keeps receive times between the bounds, both included', () => {
  const w = { from: 1000, to: 2000 };
  assert.deepEqual([999, 1000, 1500, 2000, 2001].map((t) => inWindow(w, t)), [false, true, true, true, false]);
  assert.ok(inWindow(NO_WINDOW, 0));
  assert.ok(inWindow({ from: 1000, to: null }, 1e15));
  assert.ok(!inWindow({ from: null, to: 1000 }, 1001));
});
