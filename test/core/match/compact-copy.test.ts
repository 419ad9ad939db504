import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { literalCopier, literalCopierWith } from '../../../core/match/compact-copy.ts';

describe('compact copies', () => {
  test('a copy has the same keys and values, is a new object, and nested values are shared', () => {
    const reach = { distance: 500 };
    const rule = { uid: 1, humanId: 'h', minIv: 90, templateId: null, reach };
    const copy = literalCopier(rule)(rule);
    assert.deepEqual(copy, rule);
    assert.notEqual(copy, rule);
    assert.equal(copy.reach, reach);
    assert.deepEqual(Object.keys(copy), Object.keys(rule));
  });

  test('a copy with one more property: the sample\'s keys, then the extra one with the value given', () => {
    const human = { id: 'h' };
    const rule = { uid: 1, humanId: 'h', minIv: 90 };
    const copy = literalCopierWith<typeof rule, 'human', typeof human>(rule, 'human')(rule, human);
    assert.deepEqual(Object.keys(copy), ['uid', 'humanId', 'minIv', 'human']);
    assert.equal(copy.human, human);
    assert.equal(copy.minIv, 90);
    assert.throws(() => literalCopierWith(rule, 'uid'), /already a key/);
    assert.throws(() => literalCopierWith(rule, 'x y'), /not a plain identifier/);
  });

  test('keys that are not plain identifiers are refused (no code is built from them)', () => {
    assert.throws(() => literalCopier({ 'a-b': 1 }), /not a plain identifier/);
    assert.throws(() => literalCopier({ 'x; process.exit()': 1 }), /not a plain identifier/);
  });
});
