import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ApiItem } from '../../../core/tracking/api-item.ts';

it('reads loose values and names the field and item in every refusal', () => {
  const item = new ApiItem({ a: '12', b: true, c: 'x', d: [1, '2'], e: null, f: 'yes', g: 3.5 }, 'body[3]');
  assert.equal(item.int('a', 0, { min: 0, max: 20 }), 12);
  assert.equal(item.flag('b'), 1);
  assert.equal(item.text('c', null), 'x');
  assert.deepEqual(item.intList('d'), [1, 2]);
  assert.equal(item.int('e', 7), 7, 'null reads as absent');
  assert.equal(item.flag('f'), 1);
  assert.throws(() => item.int('g', 0), /^LookoutError: body\[3\]\.g must be a whole number$/);
  assert.throws(() => item.int('a', 0, { max: 10 }), /body\[3\]\.a must be a whole number of at most 10/);
  assert.throws(() => item.flag('c'), /body\[3\]\.c must be true or false/);
  assert.throws(() => item.intList('c'), /body\[3\]\.c must be a whole number/);
  assert.throws(() => new ApiItem({ d: [1, 'x'] }, '').intList('d'), /^LookoutError: d\[1\] must be a whole number$/);
});

it('oneOf takes numbers sent as strings and words in any case', () => {
  const item = new ApiItem({ n: '502', w: 'GYM', bad: 9 }, '');
  assert.equal(item.oneOf('n', [501, 502], 501), 502);
  assert.equal(item.oneOf('w', ['pokestop', 'gym'], 'pokestop'), 'gym');
  assert.equal(item.oneOf('missing', [1, 2], 2), 2);
  assert.throws(() => item.oneOf('bad', [1, 2], 1), /bad must be one of 1, 2/);
});

it('reports the fields nothing read', () => {
  const item = new ApiItem({ a: 1, b: 2, c: 3 }, '');
  item.int('a', 0);
  item.ignore('b');
  assert.deepEqual(item.unread(), ['c']);
  assert.throws(() => item.refuse('c', 'Invalid team'), /^LookoutError: c: Invalid team$/);
});
