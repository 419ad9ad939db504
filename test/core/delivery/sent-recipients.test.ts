/** The sent-message memory's `recipients(key)`: who got a message about a key, kept in step with records, expiry, forgetting and the bound. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SentMessages } from '../../../core/delivery/sent-messages.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { manualTimers } from './queue-fixtures.ts';

const ALICE = { id: 'u1', type: 'test:user' };
const BOB = { id: 'u2', type: 'test:user' };
const CAROL = { id: 'u3', type: 'test:user' };

test('recipients of a key follow records, expiry, forget and the bound', () => {
  let now = 1_000;
  const sent = new SentMessages({
    log: silentLogger(),
    metrics: createMetrics({ collectProcess: false }),
    store: { load: async () => [], save: async () => undefined },
    capacity: 3,
    now: () => now,
    timers: manualTimers().timers,
  });
  const msg = (until: number) => ({ platform: 'test', messageIds: ['m'], until });
  sent.record('k1', ALICE, msg(5_000));
  sent.record('k1', BOB, msg(2_000));
  sent.record('k2', ALICE, msg(5_000));
  assert.deepEqual(sent.recipients('k1').map((t) => t.id).sort(), ['u1', 'u2']);
  assert.deepEqual(sent.recipients('k2'), [ALICE]);
  assert.deepEqual(sent.recipients('k3'), []);

  now = 3_000;
  assert.deepEqual(sent.recipients('k1'), [ALICE], 'over at its until');
  sent.forget('k1', ALICE);
  assert.deepEqual(sent.recipients('k1'), []);

  sent.record('k3', ALICE, msg(9_000));
  sent.record('k3', BOB, msg(9_000));
  sent.record('k3', CAROL, msg(9_000));
  assert.deepEqual(sent.recipients('k2'), [], 'forgotten first beyond the capacity');
  assert.equal(sent.recipients('k3').length, 3);
});
