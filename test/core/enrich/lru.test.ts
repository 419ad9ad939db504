import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LruCache } from '../../../core/enrich/lru.ts';
import { roundRobin } from '../../../core/enrich/rotation.ts';

describe('lru cache', () => {
  test('forgets the least recently used entry when full', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    assert.equal(cache.get('a'), 1);
    cache.set('c', 3);
    assert.equal(cache.get('b'), undefined);
    assert.equal(cache.get('a'), 1);
    assert.equal(cache.get('c'), 3);
    assert.equal(cache.size, 2);
    assert.throws(() => new LruCache(0), RangeError);
  });
});

describe('key rotation', () => {
  test('round-robin over the non-empty keys; empty list gives an empty key', () => {
    const next = roundRobin(['a', '', 'b']);
    assert.deepEqual([next(), next(), next()], ['a', 'b', 'a']);
    assert.equal(roundRobin([])(), '');
  });
});
