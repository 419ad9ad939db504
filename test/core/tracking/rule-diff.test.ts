import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { TrackingRow } from '../../../core/contract.ts';
import { planRules, sameValue } from '../../../core/tracking/rule-diff.ts';

const row = (uid: number, columns: Record<string, unknown>): TrackingRow => ({ uid, id: 'u', profile_no: 1, ...columns });
const updatable = new Set(['distance', 'template', 'clean']);

it('compares values as text with NULL, missing and empty alike', () => {
  assert.ok(sameValue(null, ''));
  assert.ok(sameValue(undefined, null));
  assert.ok(sameValue(5, '5'));
  assert.ok(!sameValue(0, ''));
  assert.ok(!sameValue('1', '2'));
});

it('an identical rule is already present, one differing in one updatable column updates that row', () => {
  const existing = [row(1, { lure_id: 501, distance: 0, template: null, clean: 0 }), row(2, { lure_id: 502, distance: 100, template: '1', clean: 0 })];
  const plan = planRules(
    [
      { lure_id: 501, distance: 0, template: '', clean: 0 },
      { lure_id: 502, distance: 900, template: '1', clean: 0 },
    ],
    existing,
    updatable,
  );
  assert.deepEqual(plan.unchanged.map((r) => r.uid), [1]);
  assert.deepEqual(plan.updates.map((u) => [u.uid, u.patch, u.after.distance]), [[2, { distance: 900 }, 900]]);
  assert.equal(plan.inserts.length, 0);
});

it('two differing columns, or one that is not updatable, insert a new rule', () => {
  const existing = [row(1, { lure_id: 501, distance: 0, template: '1', clean: 0 })];
  const plan = planRules([{ lure_id: 501, distance: 10, template: '2', clean: 0 }, { lure_id: 503, distance: 0, template: '1', clean: 0 }], existing, updatable);
  assert.equal(plan.inserts.length, 2);
  assert.equal(plan.updates.length + plan.unchanged.length, 0);
});

it('each existing row answers for one new rule only', () => {
  const existing = [row(1, { lure_id: 501, distance: 0 })];
  const plan = planRules([{ lure_id: 501, distance: 0 }, { lure_id: 501, distance: 0 }], existing, updatable);
  assert.equal(plan.unchanged.length, 1);
  assert.equal(plan.inserts.length, 1);
});

it('an exact match wins over an updatable near match found first', () => {
  const existing = [row(1, { lure_id: 501, distance: 5 }), row(2, { lure_id: 501, distance: 0 })];
  const plan = planRules([{ lure_id: 501, distance: 0 }], existing, updatable);
  assert.deepEqual(plan.unchanged.map((r) => r.uid), [2]);
  assert.equal(plan.updates.length, 0);
});
