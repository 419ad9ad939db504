/**
 * What follows a transient failure: a rate limit is a wait that costs no attempt but not past the last moment the
 * alert may be sent; other failures count attempts until they run out or the alert is stale.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { transientStep } from '../../../core/delivery/transient-step.ts';

const policy = { maxAttempts: 3, backoff: { baseMs: 1000, maxMs: 30_000, maxRetryAfterMs: 60_000, random: () => 0.5 } };
const fresh = { failures: 0, rateLimited: 0 };

test('a rate limit waits as asked, capped, and counts no attempt however often it comes', () => {
  let counts = { failures: 2, rateLimited: 0 };
  for (let i = 1; i <= 10; i++) {
    const step = transientStep(2500, counts, null, 0, policy);
    assert.equal(step.kind, 'wait');
    assert.equal(step.outcome, 'rate_limited');
    assert.deepEqual([step.failures, step.rateLimited], [2, i]);
    counts = step;
  }
  const capped = transientStep(600_000, fresh, null, 0, policy);
  assert.ok(capped.kind === 'wait' && capped.waitMs === 60_000);
});

test('a rate-limit wait the alert would be stale before the end of drops it as stale', () => {
  const step = transientStep(5000, fresh, 4000, 0, policy);
  assert.equal(step.kind, 'drop');
  assert.equal(step.reason, 'stale');
  assert.equal(step.outcome, 'stale');
  assert.equal(transientStep(5000, fresh, 5001, 0, policy).kind, 'wait');
});

test('other transient failures count attempts, back off, and give up after the last one or once stale', () => {
  const first = transientStep(undefined, fresh, null, 0, policy);
  assert.ok(first.kind === 'wait' && first.outcome === 'retried' && first.waitMs === 1000 && first.failures === 1);
  const second = transientStep(undefined, first, null, 0, policy);
  assert.ok(second.kind === 'wait' && second.waitMs === 2000);
  const third = transientStep(undefined, second, null, 0, policy);
  assert.ok(third.kind === 'drop' && third.reason === 'failed' && third.failures === 3);
  const stale = transientStep(undefined, fresh, 10, 10, policy);
  assert.ok(stale.kind === 'drop' && stale.reason === 'stale');
});
