/**
 * The pacing as pure functions: due times scaled by the speed, never before the start, all at once for max;
 * --speed as typed.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dueAt, parseSpeed, waitFor } from '../../../core/replay-log/pacing.ts';

const pace = (speed: number) => ({ firstReceivedAt: 1_000_000, startedAt: 5_000_000, speed });

test('a batch is due as long after the start as it was received after the first, divided by the speed', () => {
  assert.deepEqual([0, 10_000, 60_000].map((d) => dueAt(pace(1), 1_000_000 + d)), [5_000_000, 5_010_000, 5_060_000]);
  assert.deepEqual([0, 10_000, 60_000].map((d) => dueAt(pace(2), 1_000_000 + d)), [5_000_000, 5_005_000, 5_030_000]);
  assert.deepEqual([0, 10_000].map((d) => dueAt(pace(0.5), 1_000_000 + d)), [5_000_000, 5_020_000]);
  assert.deepEqual([0, 10_000, 3_600_000].map((d) => dueAt(pace(Infinity), 1_000_000 + d)), [5_000_000, 5_000_000, 5_000_000]);
  assert.equal(dueAt(pace(1), 999_000), 5_000_000, 'a line logged out of order is due at once, not before the start');
});

test('the wait before a batch is what is left until it is due, never negative', () => {
  assert.equal(waitFor(5_010_000, 5_004_000), 6_000);
  assert.equal(waitFor(5_010_000, 5_012_000), 0);
});

test('--speed: a positive factor, 0 or max for as fast as possible', () => {
  assert.equal(parseSpeed('2'), 2);
  assert.equal(parseSpeed('0.25'), 0.25);
  assert.equal(parseSpeed('0'), Infinity);
  assert.equal(parseSpeed('MAX'), Infinity);
  for (const bad of ['-1', 'fast', '', 'Infinity']) assert.match(String(parseSpeed(bad)), /--speed must be/, bad);
});
