/**
 * The stable choice among a platform's bots: the same key always picks the same item, keys spread over all of
 * them, one item is always chosen, none is an error.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { stableHash, stablePick } from '../../../core/delivery/stable-pick.ts';

describe('stablePick', () => {
  test('the same key picks the same item every time, and a known key keeps its bot across runs', () => {
    const bots = ['a', 'b', 'c'];
    for (const key of ['1', '700000000000000002', '-100123']) assert.equal(stablePick(bots, key), stablePick([...bots], key));
    assert.equal(stableHash('abc'), 440920331, 'FNV-1a of "abc"');
  });

  test('keys spread over every item', () => {
    const bots = ['a', 'b', 'c'];
    const counts = new Map<string, number>();
    for (let i = 0; i < 300; i++) {
      const bot = stablePick(bots, `70000000000000${1000 + i}`);
      counts.set(bot, (counts.get(bot) ?? 0) + 1);
    }
    assert.deepEqual([...counts.keys()].sort(), bots);
    for (const n of counts.values()) assert.ok(n > 50, `each bot serves a fair share (${n} of 300)`);
  });

  test('one item is always chosen; none is a RangeError', () => {
    assert.equal(stablePick(['only'], 'x'), 'only');
    assert.throws(() => stablePick([], 'x'), RangeError);
  });
});
