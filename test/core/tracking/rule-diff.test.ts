import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { TrackingRow } from '../../../core/model.ts';
import { diffRules, planRules, sameValue, type RuleComparison } from '../../../core/tracking/rule-diff.ts';

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

// the shared diff with a keyed comparison (as the chat commands use it)

interface Rule {
  readonly uid?: number;
  readonly kind: string;
  readonly distance: number;
  readonly clean: number;
  readonly ping: string;
}
type Column = 'distance' | 'clean' | 'ping';

const COMPARISON: RuleComparison<Rule, Rule, Column> = {
  sameKey: (a, b) => a.kind === b.kind,
  differing: (a, b) => (['distance', 'clean', 'ping'] as const).filter((c) => a[c] !== b[c]),
  updatable: new Set<Column>(['distance', 'clean']),
};

const rule = (kind: string, distance = 0, clean = 0, ping = ''): Rule => ({ kind, distance, clean, ping });
const keyedRow = (uid: number, kind: string, distance = 0, clean = 0, ping = ''): Rule => ({ uid, ...rule(kind, distance, clean, ping) });

it('no existing rules: everything is new, in order', () => {
  const wanted = [rule('a'), rule('b')];
  assert.deepEqual(diffRules(wanted, [], COMPARISON), { inserts: wanted, updates: [], unchanged: [] });
});

it('an identical rule is preferred to an earlier one that could be updated', () => {
  const close = keyedRow(1, 'a', 500);
  const same = keyedRow(2, 'a', 0);
  const changes = diffRules([rule('a')], [close, same], COMPARISON);
  assert.deepEqual(changes.unchanged.map((u) => u.existing.uid), [2]);
  assert.deepEqual(changes.updates, []);
});

it('one differing updatable column updates the first such rule; a non-updatable one or two columns insert', () => {
  const first = keyedRow(1, 'a', 500);
  const second = keyedRow(2, 'a', 700);
  const changes = diffRules([rule('a', 100)], [first, second], COMPARISON);
  assert.deepEqual(changes.updates.map((u) => [u.existing.uid, u.column, u.wanted.distance]), [[1, 'distance', 100]]);
  assert.equal(diffRules([rule('a', 500, 0, '<@1>')], [first], COMPARISON).inserts.length, 1);
  assert.equal(diffRules([rule('a', 100, 1)], [first], COMPARISON).inserts.length, 1);
});

it('only rules of the same key are candidates, and each existing rule answers for one new rule', () => {
  assert.equal(diffRules([rule('b')], [keyedRow(1, 'a')], COMPARISON).inserts.length, 1);
  const changes = diffRules([rule('a'), rule('a'), rule('a', 9)], [keyedRow(1, 'a'), keyedRow(2, 'a', 5)], COMPARISON);
  assert.deepEqual(changes.unchanged.map((u) => u.existing.uid), [1]);
  // the second identical wish takes the remaining rule by updating it, the third finds none left
  assert.deepEqual(changes.updates.map((u) => [u.existing.uid, u.wanted.distance]), [[2, 0]]);
  assert.deepEqual(changes.inserts, [rule('a', 9)]);
});
