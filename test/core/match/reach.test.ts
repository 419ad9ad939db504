import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readRuleReach, ruleReaches, oncePerHuman, templateColumn } from '../../../core/match/index.ts';
import type { Match } from '../../../core/contract.ts';
import { human } from '../../helpers/humans.ts';

const point = { latitude: 51.5, longitude: -0.12 };
const row = (extra: Record<string, unknown>) => ({ uid: 1, id: 'h', profile_no: 1, ...extra });

test('reading the reach columns tolerates NULLs, strings and bad JSON', () => {
  assert.deepEqual(readRuleReach(row({ distance: '250', override_location_label: '', override_areas: null })), { distance: 250, locationLabel: null, areas: null });
  assert.deepEqual(readRuleReach(row({ distance: 0, override_location_label: 'Home', override_areas: '["North", " South "]' })), { distance: 0, locationLabel: 'Home', areas: ['north', 'south'] });
  assert.deepEqual(readRuleReach(row({ override_areas: '{not json' })).areas, null);
  assert.equal(templateColumn(row({ template: '' })), null);
  assert.equal(templateColumn(row({ template: 3 })), '3');
});

test('the four rule modes', () => {
  const home = { latitude: 51.501, longitude: -0.12 };
  const h = human('h', { ...home, area: ['north'] });
  const saved = new Map([['park', { uid: 1, humanId: 'h', label: 'Park', latitude: 51.6, longitude: -0.12 }]]);
  const areas = new Set(['north']);
  const byDistance = ruleReaches({ distance: 200, locationLabel: null, areas: null }, h, saved, point, new Set());
  assert.equal(byDistance.reached, true);
  assert.ok(byDistance.reached && Math.round(byDistance.distanceM!) === 111);
  assert.equal(ruleReaches({ distance: 100, locationLabel: null, areas: null }, h, saved, point, areas).reached, false);
  assert.equal(ruleReaches({ distance: 200, locationLabel: 'PARK', areas: null }, h, saved, point, areas).reached, false, 'measured from the park, 11 km away');
  assert.equal(ruleReaches({ distance: 20000, locationLabel: 'park', areas: null }, h, saved, point, new Set()).reached, true);
  assert.equal(ruleReaches({ distance: 0, locationLabel: null, areas: null }, h, saved, point, areas).reached, true);
  assert.equal(ruleReaches({ distance: 0, locationLabel: null, areas: ['south'] }, h, saved, point, areas).reached, false);
  assert.equal(ruleReaches({ distance: 0, locationLabel: null, areas: ['south'] }, h, saved, point, new Set(['south'])).reached, true);
});

test('one match per human, first wins', () => {
  const m = (id: string, uid: number) => ({ human: human(id), ruleUid: uid }) as Match;
  assert.deepEqual(oncePerHuman([m('a', 1), m('b', 2), m('a', 3)]).map((x) => x.ruleUid), [1, 2]);
});
