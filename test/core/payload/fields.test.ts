import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asPayload, PayloadFields } from '../../../core/payload/index.ts';

test('optional fields: absent or null take the default; numeric strings are numbers', () => {
  const f = new PayloadFields({ a: null, b: '12', c: 3.5, d: true, e: 1 });
  assert.equal(f.optionalInt('a', 7), 7);
  assert.equal(f.optionalInt('missing', 7), 7);
  assert.equal(f.optionalInt('b', 0), 12);
  assert.equal(f.optionalNumber('c', 0), 3.5);
  assert.equal(f.nullableInt('a'), null);
  assert.equal(f.optionalBool('d', false), true);
  assert.equal(f.nullableBool('e'), true);
  assert.equal(f.problem, null);
});

test('the first problem names the field, the expectation and what was found', () => {
  const f = new PayloadFields({ id: '', lat: 91, n: 2.5, s: {}, flag: 'yes' });
  f.requiredString('id');
  f.requiredNumber('lat', { min: -90, max: 90 });
  f.optionalInt('n', 0);
  f.optionalString('s');
  f.nullableBool('flag');
  assert.equal(f.problem, 'id must be a non-empty string (found "")');
  const g = new PayloadFields({ lat: 91 });
  g.coordinates('lat', 'lon');
  assert.equal(g.problem, 'lat must be a number from -90 to 90 (found 91)');
});

test('asPayload accepts plain objects only', () => {
  assert.equal(asPayload([1]), null);
  assert.equal(asPayload(null), null);
  assert.equal(asPayload('x'), null);
  assert.deepEqual(asPayload({ a: 1 }), { a: 1 });
});
