/**
 * The /health database probe (core/db/health-probe.ts): its verdicts, the cache that keeps a burst of health
 * checks to one query, the deadline, and no second query while one hangs.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDatabaseProbe, createProbe } from '../../../core/db/health-probe.ts';
import { openTestDatabase } from '../../helpers/databases.ts';

/** A query the test settles by hand, counting how often it was sent. */
function manualQuery() {
  const pending: { resolve: () => void; reject: (err: Error) => void }[] = [];
  return {
    sent: () => pending.length,
    query: () => new Promise<void>((resolve, reject) => void pending.push({ resolve, reject })),
    answer: (i: number) => pending[i]!.resolve(),
    fail: (i: number) => pending[i]!.reject(new Error('connect ECONNREFUSED')),
  };
}

describe('database probe', () => {
  it('ok when the query answers, unreachable when it fails', async () => {
    let clock = 0;
    const q = manualQuery();
    const probe = createProbe(q.query, { cacheMs: 5000, now: () => clock });
    const first = probe();
    q.answer(0);
    assert.equal(await first, 'ok');
    clock = 5000;
    const second = probe();
    q.fail(1);
    assert.equal(await second, 'unreachable');
  });

  it('a burst of checks within the cache time sends one query; concurrent checks share it', async () => {
    let clock = 0;
    const q = manualQuery();
    const probe = createProbe(q.query, { cacheMs: 5000, now: () => clock });
    const burst = [probe(), probe(), probe()];
    q.answer(0);
    assert.deepEqual(await Promise.all(burst), ['ok', 'ok', 'ok']);
    clock = 4999;
    assert.equal(await probe(), 'ok');
    assert.equal(q.sent(), 1);
    clock = 5000;
    const later = probe();
    assert.equal(q.sent(), 2);
    q.answer(1);
    assert.equal(await later, 'ok');
  });

  it('a query that does not answer in time is unreachable, and no second query joins it while it hangs', async () => {
    // the probe's deadline timer does not keep a process alive (unref), and the hanging query here is no I/O:
    // this keeps the test's event loop running while it waits for that deadline
    const keepAlive = setInterval(() => {}, 1000);
    try {
      let clock = 0;
      const q = manualQuery();
      const probe = createProbe(q.query, { cacheMs: 5000, timeoutMs: 10, now: () => clock });
      assert.equal(await probe(), 'unreachable');
      clock = 60_000;
      assert.equal(await probe(), 'unreachable');
      assert.equal(q.sent(), 1);
      q.answer(0);
      await new Promise((resolve) => setImmediate(resolve));
      const again = probe();
      assert.equal(q.sent(), 2);
      q.answer(1);
      assert.equal(await again, 'ok');
    } finally {
      clearInterval(keepAlive);
    }
  });

  it('probes a real database', async () => {
    const db = await openTestDatabase('sqlite');
    try {
      assert.equal(await createDatabaseProbe(db.knex)(), 'ok');
    } finally {
      await db.cleanup();
    }
  });
});
