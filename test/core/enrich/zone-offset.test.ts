import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { zoneOffsetMinutes } from '../../../core/enrich/zone-offset.ts';

describe('zone offsets', () => {
  test('standard, summer and fractional offsets', () => {
    assert.equal(zoneOffsetMinutes('UTC', Date.UTC(2026, 0, 1)), 0);
    assert.equal(zoneOffsetMinutes('Europe/Berlin', Date.UTC(2026, 0, 15, 12)), 60);
    assert.equal(zoneOffsetMinutes('Europe/Berlin', Date.UTC(2026, 6, 15, 12)), 120);
    assert.equal(zoneOffsetMinutes('Asia/Kathmandu', Date.UTC(2026, 6, 15, 12)), 345);
    assert.equal(zoneOffsetMinutes('America/St_Johns', Date.UTC(2026, 0, 15, 12)), -210);
  });

  test('the offset changes exactly at a transition (Berlin, 29 March 2026, 01:00 UTC)', () => {
    const transition = Date.UTC(2026, 2, 29, 1);
    assert.equal(zoneOffsetMinutes('Europe/Berlin', transition - 1000), 60);
    assert.equal(zoneOffsetMinutes('Europe/Berlin', transition), 120);
    assert.equal(zoneOffsetMinutes('Europe/Berlin', transition - 1000), 60, 'remembered per bucket, not per zone');
  });

  test('an unknown zone throws', () => {
    assert.throws(() => zoneOffsetMinutes('Nowhere/Atlantis', Date.now()), RangeError);
  });
});
