/**
 * Alert limits: per-target sliding windows, user vs channel limits, overrides, the once-per-period notice and
 * the hits that stop a target.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { defaultConfig } from '../../helpers/config.ts';
import { createAlertLimiter, limitFor, limitSettingsFrom, type LimitSettings, type LimitVerdict } from '../../../core/delivery/limits.ts';

const PERIOD_S = 240;
const PERIOD = PERIOD_S * 1000;

function settings(extra: Partial<LimitSettings> = {}): LimitSettings {
  return {
    periodMs: PERIOD,
    dmLimit: 3,
    channelLimit: 5,
    maxHitsBeforeStop: 3,
    hitWindowMs: 24 * 3600 * 1000,
    overrides: new Map(),
    ...extra,
  };
}

const user = { id: 'u1', type: 'chat:user', name: 'alice' };
const channel = { id: 'c1', type: 'chat:channel', name: 'raids' };
const hook = { id: 'https://hooks.example/1/secret', type: 'webhook', name: 'city-hook' };

function allowedRun(check: () => LimitVerdict, times: number): boolean[] {
  return Array.from({ length: times }, () => check().allowed);
}

describe('alert limits', () => {
  test('a user target gets dm_limit, every other kind channel_limit', () => {
    const s = settings();
    assert.equal(limitFor(user, s), 3);
    assert.equal(limitFor(channel, s), 5);
    assert.equal(limitFor({ id: 't', type: 'chat:thread', name: '' }, s), 5);
    assert.equal(limitFor(hook, s), 5);
    const limiter = createAlertLimiter(s, () => 1000);
    assert.deepEqual(allowedRun(() => limiter.check(user), 4), [true, true, true, false]);
    assert.deepEqual(allowedRun(() => limiter.check(channel), 6), [true, true, true, true, true, false]);
  });

  test('an override applies by target id or by (webhook) name; the id wins', () => {
    const s = settings({ overrides: new Map([['c1', 1], ['city-hook', 2], ['raids', 9]]) });
    assert.equal(limitFor(channel, s), 1, 'by id, ahead of the name override');
    assert.equal(limitFor(hook, s), 2, 'by name');
    assert.equal(limitFor(user, s), 3, 'no override');
    const limiter = createAlertLimiter(s, () => 0);
    assert.deepEqual(allowedRun(() => limiter.check(hook), 3), [true, true, false]);
  });

  test('settings come from [alert_limits]: seconds to ms, overrides keyed by target', () => {
    const config = { ...defaultConfig().alert_limits, overrides: [{ target: 'city-hook', limit: 100 }] };
    const s = limitSettingsFrom(config);
    assert.equal(s.periodMs, 240_000);
    assert.equal(s.dmLimit, 20);
    assert.equal(s.channelLimit, 40);
    assert.equal(s.maxHitsBeforeStop, 10);
    assert.equal(limitFor(hook, s), 100);
  });

  test('the window slides: a message leaves the count one period after it was sent', () => {
    let now = 0;
    const limiter = createAlertLimiter(settings(), () => now);
    for (const at of [0, 10_000, 20_000]) {
      now = at;
      assert.equal(limiter.check(user).allowed, true);
    }
    now = PERIOD - 1;
    assert.equal(limiter.check(user).allowed, false);
    now = PERIOD;
    assert.equal(limiter.check(user).allowed, true, 'the first message left the window');
    assert.equal(limiter.check(user).allowed, false);
  });

  test('targets are counted apart', () => {
    const limiter = createAlertLimiter(settings({ dmLimit: 1 }), () => 0);
    assert.equal(limiter.check(user).allowed, true);
    assert.equal(limiter.check({ ...user, id: 'u2' }).allowed, true);
    assert.equal(limiter.check(user).allowed, false);
  });

  test('the first refusal of a period notifies and counts a hit; later refusals in that period do neither', () => {
    let now = 0;
    const limiter = createAlertLimiter(settings({ dmLimit: 1, maxHitsBeforeStop: 0 }), () => now);
    limiter.check(user);
    const first = limiter.check(user);
    assert.deepEqual(first, { allowed: false, limit: 1, periodSeconds: PERIOD_S, notify: true, hits: 1, stop: false });
    now = 1000;
    assert.deepEqual(limiter.check(user), { allowed: false, limit: 1, periodSeconds: PERIOD_S, notify: false, hits: 1, stop: false });
    now = PERIOD + 500;
    assert.equal(limiter.check(user).allowed, true, 'the message of t=0 left the window');
    const second = limiter.check(user);
    assert.equal(second.allowed, false);
    assert.ok(!second.allowed && second.notify && second.hits === 2, 'a new period: told again, second hit');
  });

  test('the hit that reaches max_limits_before_stop says stop, once; the count starts over after it', () => {
    let now = 0;
    const limiter = createAlertLimiter(settings({ dmLimit: 1, maxHitsBeforeStop: 3 }), () => now);
    const verdicts: LimitVerdict[] = [];
    for (let period = 0; period < 4; period++) {
      now = period * PERIOD;
      limiter.check(user);
      verdicts.push(limiter.check(user));
      now += 1;
      verdicts.push(limiter.check(user));
    }
    const hits = verdicts.filter((v) => !v.allowed && v.notify).map((v) => (v.allowed ? 0 : v.hits));
    assert.deepEqual(hits, [1, 2, 3, 1]);
    const stops = verdicts.filter((v) => !v.allowed && v.stop);
    assert.equal(stops.length, 1);
  });

  test('hits older than the hit window no longer count towards the stop', () => {
    let now = 0;
    const limiter = createAlertLimiter(settings({ dmLimit: 1, maxHitsBeforeStop: 2, hitWindowMs: 3 * PERIOD }), () => now);
    limiter.check(user);
    const first = limiter.check(user);
    now = 5 * PERIOD;
    limiter.check(user);
    const later = limiter.check(user);
    assert.ok(!first.allowed && first.hits === 1);
    assert.ok(!later.allowed && later.hits === 1 && !later.stop, 'the first hit fell out of the window');
  });

  test('a limit of 0 means unlimited', () => {
    const limiter = createAlertLimiter(settings({ dmLimit: 0 }), () => 0);
    assert.ok(allowedRun(() => limiter.check(user), 50).every(Boolean));
  });
});
