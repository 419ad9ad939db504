/**
 * What deliveries write to a target's humans row, through the real HumanStore on SQLite: permanent failures
 * counted in `fails`, the 5th in a row disables, a success resets a non-zero count (one write, not one per
 * success), and a limit stop disables or admin-disables.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { HumanStore } from '../../../core/db/index.ts';
import { createTargetHealth, type HumanWriter } from '../../../core/delivery/target-health.ts';
import { openTestDatabase, type TestDatabase } from '../../helpers/databases.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { job } from './queue-fixtures.ts';

const HIT = { limit: 20, periodSeconds: 240, hits: 10 };

describe('target health', () => {
  let db: TestDatabase;
  let store: HumanStore;

  before(async () => {
    db = await openTestDatabase('sqlite', { migrate: true });
    store = new HumanStore(db.knex);
  });
  after(async () => {
    await db.cleanup();
  });
  beforeEach(async () => {
    await db.knex('humans').delete();
    await store.create({ id: 'u1', type: 'chat:user', name: 'alice' });
  });

  /** the store, with its update calls counted */
  function counted(): { humans: HumanWriter; updates: () => number } {
    let updates = 0;
    return {
      humans: { get: (id) => store.get(id), update: (id, patch) => (updates++, store.update(id, patch)) },
      updates: () => updates,
    };
  }

  function setup(snapshotFails: () => number | undefined = () => 0, adminDisableOnStop = false) {
    const captured = captureLog('silly');
    const writer = counted();
    const health = createTargetHealth({ humans: writer.humans, failsInSnapshot: snapshotFails, log: captured.log, adminDisableOnStop });
    return { health, captured, updates: writer.updates };
  }

  test('each permanent failure adds one to fails; the 5th in a row disables the target and is logged at warn', async () => {
    const { health, captured } = setup();
    for (let i = 1; i <= 4; i++) {
      await health.permanentFailure(job('u1', i));
      const human = await store.get('u1');
      assert.equal(human?.fails, i);
      assert.equal(human?.enabled, true);
    }
    await health.permanentFailure(job('u1', 5));
    const human = await store.get('u1');
    assert.equal(human?.fails, 5);
    assert.equal(human?.enabled, false);
    const line = captured.find(/disabled after 5 permanent delivery failures/);
    assert.equal(line?.level, 'warn');
    assert.equal(line?.eventId, 'ev-u1-5');
  });

  test('failures reported together are all counted (writes for one target run in turn)', async () => {
    const { health } = setup();
    await Promise.all([1, 2, 3].map((i) => health.permanentFailure(job('u1', i))));
    assert.equal((await store.get('u1'))?.fails, 3);
  });

  test('a success resets fails once; later successes write nothing', async () => {
    await store.update('u1', { fails: 3 });
    const { health, updates } = setup(() => 3);
    await health.delivered(job('u1', 1));
    assert.equal((await store.get('u1'))?.fails, 0);
    await health.delivered(job('u1', 2));
    await health.delivered(job('u1', 3));
    assert.equal(updates(), 1, 'the snapshot still shows 3, but the reset is known');
  });

  test('a success with no fails in the snapshot writes nothing', async () => {
    const { health, updates } = setup(() => 0);
    await health.delivered(job('u1', 1));
    assert.equal(updates(), 0);
  });

  test('after a reset the count starts over: 5 more failures in a row are needed', async () => {
    let fails = 0;
    const { health } = setup(() => fails);
    for (let i = 0; i < 4; i++) await health.permanentFailure(job('u1', i));
    await health.delivered(job('u1', 9));
    fails = 0;
    for (let i = 0; i < 4; i++) await health.permanentFailure(job('u1', 10 + i));
    const human = await store.get('u1');
    assert.equal(human?.fails, 4);
    assert.equal(human?.enabled, true);
  });

  test('a limit stop disables the target', async () => {
    const { health, captured } = setup();
    await health.limitStop(job('u1', 1).target, HIT);
    const human = await store.get('u1');
    assert.equal(human?.enabled, false);
    assert.equal(human?.adminDisable, false);
    assert.equal(captured.find(/stopped by the alert limits/)?.level, 'warn');
  });

  test('with disable_on_stop a limit stop is an admin disable with no disabled date', async () => {
    await store.update('u1', { disabledDate: new Date('2024-01-01T00:00:00Z') });
    const { health } = setup(() => 0, true);
    await health.limitStop(job('u1', 1).target, HIT);
    const human = await store.get('u1');
    assert.equal(human?.adminDisable, true);
    assert.equal(human?.disabledDate, null);
    assert.equal(human?.enabled, true);
  });

  test('an unregistered target is logged, not an error', async () => {
    const { health, captured } = setup();
    await health.permanentFailure(job('nobody', 1));
    await health.limitStop(job('nobody', 1).target, HIT);
    assert.ok(captured.find(/not registered/));
    assert.equal(captured.lines.filter((l) => l.level === 'error').length, 0);
  });
});
