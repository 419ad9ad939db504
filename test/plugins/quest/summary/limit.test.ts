/**
 * The summary limit: its own bucket per destination, the DM limit for users and the channel limit for the rest,
 * the first refusal of a period said, a new period starting afresh, 0 = no limit.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SummaryLimiter } from '../../../../plugins/quest/summary/limit.ts';

describe('summary limit', () => {
  it('users get the DM limit, channels the channel limit; the first refusal notifies', () => {
    const limiter = new SummaryLimiter({ periodMs: 1000, dmLimit: 1, channelLimit: 2 });
    const user = { id: 'u', type: 'discord:user' };
    const channel = { id: 'c', type: 'telegram:group' };
    assert.equal(limiter.check(user, 0).allowed, true);
    assert.deepEqual(limiter.check(user, 10), { allowed: false, limit: 1, periodSeconds: 1, notify: true });
    assert.deepEqual(limiter.check(user, 20), { allowed: false, limit: 1, periodSeconds: 1, notify: false });
    assert.equal(limiter.check(channel, 0).allowed, true);
    assert.equal(limiter.check(channel, 0).allowed, true);
    assert.equal(limiter.check(channel, 0).allowed, false);
    assert.equal(limiter.check(user, 1000).allowed, true, 'a new period');
  });

  it('0 is no limit', () => {
    const limiter = new SummaryLimiter({ periodMs: 1000, dmLimit: 0, channelLimit: 0 });
    for (let i = 0; i < 50; i++) assert.equal(limiter.check({ id: 'u', type: 'discord:user' }, 0).allowed, true);
  });
});
