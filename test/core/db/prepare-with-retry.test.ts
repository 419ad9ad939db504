/**
 * Starting while the database is down (core/db/prepare-with-retry.ts): waits out an outage with a doubling,
 * capped delay and a log line per wait; a refused login and any other error stop the start; the stop signal
 * ends the wait.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Knex } from 'knex';
import type { PrepareResult } from '../../../core/db/migrate.ts';
import { prepareWhenReachable, retryDelay, StartCancelledError } from '../../../core/db/prepare-with-retry.ts';
import { isLookoutError } from '../../../core/errors.ts';
import { openTestDatabase } from '../../helpers/databases.ts';

const KNEX = {} as Knex;
const DONE = { from: 0, to: 9, applied: [] } as unknown as PrepareResult;

function driverError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error('driver'), fields);
}

/** A DbLog keeping every line. */
function recordingLog() {
  const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  const at = (level: string) => (fields: object, msg = '') => void lines.push({ level, msg, fields: fields as Record<string, unknown> });
  return { lines, log: { info: at('info'), warn: at('warn') } };
}

/** A prepare that throws the given errors in turn, then succeeds. */
function failingThen(errors: readonly unknown[]) {
  let calls = 0;
  return {
    calls: () => calls,
    prepare: async () => {
      const err = errors[calls++];
      if (err !== undefined) throw err;
      return DONE;
    },
  };
}

describe('prepareWhenReachable', () => {
  it('the waits double from the first and stop growing at the cap', () => {
    assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 40].map((n) => retryDelay(n, 1000, 30_000)), [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('retries while the database is unreachable, logging each wait, until it answers', async () => {
    const { lines, log } = recordingLog();
    const p = failingThen([driverError({ code: 'ECONNREFUSED' }), driverError({ code: 'PROTOCOL_CONNECTION_LOST' })]);
    const result = await prepareWhenReachable(KNEX, log, { database: 'mysql://u@db:3306/x', prepare: p.prepare, firstDelayMs: 1, maxDelayMs: 2 });
    assert.equal(result, DONE);
    assert.equal(p.calls(), 3);
    const waits = lines.filter((l) => l.level === 'warn');
    assert.equal(waits.length, 2);
    assert.match(waits[0]!.msg, /^database unreachable, retrying in [\d.]+ s$/);
    assert.deepEqual(waits.map((w) => w.fields.code), ['ECONNREFUSED', 'PROTOCOL_CONNECTION_LOST']);
    assert.ok(lines.some((l) => l.msg === 'database reachable again; start continues'));
  });

  it('says the wait in seconds: "retrying in 1 s" first', async () => {
    const { lines, log } = recordingLog();
    const p = failingThen([driverError({ code: 'ECONNREFUSED' })]);
    await prepareWhenReachable(KNEX, log, { database: 'db', prepare: p.prepare });
    assert.equal(lines.find((l) => l.level === 'warn')?.msg, 'database unreachable, retrying in 1 s');
  });

  it('a wrong password or an unknown database is no outage: the start stops at once with what to check', async () => {
    for (const [errno, hint] of [[1045, /user and password/], [1049, /does not exist/]] as const) {
      const p = failingThen([driverError({ errno, code: 'X' })]);
      await assert.rejects(
        prepareWhenReachable(KNEX, recordingLog().log, { database: 'mysql://u@db:3306/x', prepare: p.prepare, firstDelayMs: 1 }),
        (err) => isLookoutError(err) && err.kind === 'config' && hint.test(err.message) && err.message.includes('mysql://u@db:3306/x'),
      );
      assert.equal(p.calls(), 1);
    }
  });

  it('any other error stops the start as it is', async () => {
    const bug = new TypeError('x is undefined');
    const p = failingThen([bug]);
    await assert.rejects(prepareWhenReachable(KNEX, recordingLog().log, { database: 'db', prepare: p.prepare, firstDelayMs: 1 }), (err) => err === bug);
    assert.equal(p.calls(), 1);
  });

  it('the stop signal ends the wait with StartCancelledError', async () => {
    const stop = new AbortController();
    const { lines, log } = recordingLog();
    const p = failingThen(Array.from({ length: 100 }, () => driverError({ code: 'ECONNREFUSED' })));
    const started = prepareWhenReachable(KNEX, { ...log, warn: (fields: object, msg?: string) => (log.warn(fields, msg), stop.abort()) }, {
      database: 'db',
      prepare: p.prepare,
      signal: stop.signal,
      firstDelayMs: 3_600_000,
    });
    await assert.rejects(started, (err) => err instanceof StartCancelledError);
    assert.equal(p.calls(), 1);
    assert.equal(lines.length, 1);
  });

  it('prepares a reachable database on the first attempt', async () => {
    const db = await openTestDatabase('sqlite');
    try {
      const { lines, log } = recordingLog();
      const result = await prepareWhenReachable(db.knex, log, { database: 'sqlite' });
      assert.ok(result.to > 0);
      assert.equal(lines.filter((l) => l.level === 'warn').length, 0);
    } finally {
      await db.cleanup();
    }
  });
});
