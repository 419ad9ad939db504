import assert from 'node:assert/strict';
import { test } from 'node:test';
import { defaultConfig } from '../../helpers/config.ts';
import { SightingStats } from '../../../plugins/monster/sightings.ts';

const HOUR = 3_600_000;
const stats = (over: Partial<ReturnType<typeof defaultConfig>['stats']> = {}) => new SightingStats({ ...defaultConfig().stats, min_sample_size: 1000, refresh_interval_mins: 5, ...over });

test('rarity is unknown (-1) until min_sample_size sightings, then grouped by share of sightings', () => {
  const s = stats();
  const t0 = 10 * HOUR;
  for (let i = 0; i < 999; i++) s.record(16, false, null, t0);
  assert.equal(s.rarityOf(16), -1);
  s.record(25, false, null, t0); // 1 of 1000 = 0.1 % → rare (below 0.5, not below 0.03)
  s.refresh(t0);
  assert.equal(s.rarityOf(16), 1);
  assert.equal(s.rarityOf(25), 3);
  assert.equal(s.rarityOf(150), 6, 'not seen in the window → unseen');
});

test('sightings older than window_hours leave the window', () => {
  const s = stats({ window_hours: 2, min_sample_size: 10 });
  for (let i = 0; i < 20; i++) s.record(16, false, null, 0);
  s.refresh(0);
  assert.equal(s.rarityOf(16), 1);
  s.refresh(3 * HOUR);
  assert.equal(s.rarityOf(16), -1, 'no sightings left in the window');
});

test('shiny rate counts encountered individuals only and refreshes on the interval', () => {
  const s = stats();
  for (let i = 0; i < 9; i++) s.record(25, true, false, 0);
  s.record(25, true, true, 0);
  s.record(25, false, true, 0); // not encountered: ignored for the rate
  assert.deepEqual(s.shinyRate(25), { encountered: 1, shiny: 0 }, 'as of the refresh at the first sighting');
  s.record(25, true, false, 5 * 60_000);
  assert.deepEqual(s.shinyRate(25), { encountered: 11, shiny: 1 });
});
