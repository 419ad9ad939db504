/**
 * The removal safety check: engaged from 10 cache entries, 0 disables, never on a dry run, force bypasses,
 * strict comparison.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { removalSafety, type RemovalSafetyInput } from '../../../../../platforms/discord/autocreate/rules/safety.ts';

const base: RemovalSafetyInput = { orphans: 0, cachedEntries: 0, maxPercent: 20, force: false, dryRun: false };
const check = (over: Partial<RemovalSafetyInput>) => removalSafety({ ...base, ...over });

test('9 cache entries: no check, even when every entry would go', () => {
  const r = check({ orphans: 9, cachedEntries: 9 });
  assert.equal(r.allowed, true);
  assert.equal(r.overThreshold, false);
  assert.equal(r.percent, 100);
  assert.equal(r.message, undefined);
});

test('10 cache entries: engaged, blocked above the limit, with counts, percentage and the force hint', () => {
  const r = check({ orphans: 3, cachedEntries: 10 });
  assert.equal(r.allowed, false);
  assert.equal(r.percent, 30);
  assert.equal(r.message, 'removal blocked: 3 of 10 cached fences (30.0%) would be removed, above removal_safety_max_percent 20%; re-run with force to override');
  assert.equal(check({ orphans: 3, cachedEntries: 12 }).message, 'removal blocked: 3 of 12 cached fences (25.0%) would be removed, above removal_safety_max_percent 20%; re-run with force to override');
});

test('exactly at the limit passes (strictly greater blocks)', () => {
  assert.equal(check({ orphans: 2, cachedEntries: 10 }).allowed, true);
  assert.equal(check({ orphans: 4, cachedEntries: 20 }).allowed, true);
  assert.equal(check({ orphans: 5, cachedEntries: 20 }).allowed, false);
  assert.equal(check({ orphans: 0, cachedEntries: 50 }).allowed, true);
});

test('removal_safety_max_percent 0 disables the check', () => {
  const r = check({ orphans: 50, cachedEntries: 50, maxPercent: 0 });
  assert.equal(r.allowed, true);
  assert.equal(r.overThreshold, false);
});

test('force bypasses the check and says so', () => {
  const r = check({ orphans: 8, cachedEntries: 10, force: true });
  assert.equal(r.allowed, true);
  assert.equal(r.overThreshold, true);
  assert.match(r.message ?? '', /overridden by force: 8 of 10 cached fences \(80\.0%\)/);
});

test('a dry run is never blocked, but tells what a real run would meet', () => {
  const r = check({ orphans: 8, cachedEntries: 10, dryRun: true });
  assert.equal(r.allowed, true);
  assert.equal(r.overThreshold, true);
  assert.match(r.message ?? '', /^dry run: a real run would block removal: 8 of 10/);
});

test('a fractional limit is honoured', () => {
  assert.equal(check({ orphans: 1, cachedEntries: 10, maxPercent: 10.5 }).allowed, true);
  assert.equal(check({ orphans: 2, cachedEntries: 10, maxPercent: 10.5 }).allowed, false);
});
