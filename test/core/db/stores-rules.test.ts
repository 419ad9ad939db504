/**
 * KnexRuleStore (tracking rules of every table) on both engines, and that the watched stores schedule a state
 * reload after each rule mutation.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { KnexRuleStore } from '../../../core/db/stores/rules.ts';
import { isLookoutError } from '../../../core/errors.ts';
import { createStores } from '../../../core/state/watched-stores.ts';
import { forEachDatabase } from '../../helpers/databases.ts';

const lure = (id: string, lureId: number, extra: Record<string, unknown> = {}) => ({ id, profile_no: 1, ping: '', clean: false, distance: 0, template: '1', lure_id: lureId, ...extra });

await forEachDatabase(
  'KnexRuleStore',
  (db) => {
    const store = () => new KnexRuleStore(db.knex);

    it('inserts several rows and returns each with its own uid, as stored', async () => {
      const rows = await store().insert('lures', [lure('a', 501), lure('a', 502, { clean: true, override_areas: ['north'] }), lure('b', 501)]);
      assert.equal(rows.length, 3);
      assert.equal(new Set(rows.map((r) => r.uid)).size, 3);
      assert.deepEqual(rows.map((r) => [r.id, r.lure_id, r.clean]), [['a', 501, 0], ['a', 502, 1], ['b', 501, 0]]);
      assert.equal(rows[1]!.override_areas, '["north"]');
      const again = await store().list('lures', 'a');
      assert.deepEqual(again.map((r) => r.uid), rows.slice(0, 2).map((r) => r.uid));
    });

    it('an empty insert writes nothing', async () => {
      assert.deepEqual(await store().insert('lures', []), []);
    });

    it('lists by human and profile', async () => {
      await store().insert('lures', [lure('p', 501), lure('p', 503, { profile_no: 2 })]);
      assert.deepEqual((await store().list('lures', 'p', 2)).map((r) => r.lure_id), [503]);
      assert.equal((await store().list('lures', 'p')).length, 2);
    });

    it('updates one row', async () => {
      const [row] = await store().insert('lures', [lure('u', 504)]);
      await store().update('lures', row!.uid, { distance: 750, clean: true, uid: 999 });
      const [after] = await store().list('lures', 'u');
      assert.equal(after!.distance, 750);
      assert.equal(after!.clean, 1);
      assert.equal(after!.uid, row!.uid);
    });

    it('deletes by uid only rows of that human', async () => {
      const [mine] = await store().insert('lures', [lure('d1', 501)]);
      const [theirs] = await store().insert('lures', [lure('d2', 501)]);
      assert.equal(await store().deleteByUid('lures', 'd1', [mine!.uid, theirs!.uid, 424242]), 1);
      assert.equal((await store().list('lures', 'd2')).length, 1);
      assert.equal(await store().deleteByUid('lures', 'd1', []), 0);
    });

    it('deletes all of a human, or of one profile', async () => {
      await store().insert('lures', [lure('x', 501), lure('x', 502, { profile_no: 2 }), lure('x', 503, { profile_no: 2 })]);
      assert.equal(await store().deleteAll('lures', 'x', 2), 2);
      assert.equal(await store().deleteAll('lures', 'x'), 1);
      assert.equal((await store().list('lures', 'x')).length, 0);
    });

    it('refuses a table that is not a tracking table', async () => {
      await assert.rejects(store().list('humans', 'a'), (err: unknown) => isLookoutError(err) && err.code === 'BAD_REQUEST');
      await assert.rejects(store().insert('profiles', [{ id: 'a' }]), (err: unknown) => isLookoutError(err) && err.code === 'BAD_REQUEST');
    });

    it('through createStores, every rule mutation schedules a reload; reads do not', async () => {
      let changes = 0;
      const { rules } = createStores(db.knex, () => changes++);
      const [row] = await rules.insert('lures', [lure('w', 505)]);
      assert.equal(changes, 1);
      await rules.list('lures', 'w');
      assert.equal(changes, 1);
      await rules.update('lures', row!.uid, { distance: 5 });
      await rules.deleteByUid('lures', 'w', [row!.uid]);
      await rules.deleteAll('lures', 'w');
      assert.equal(changes, 4);
    });
  },
  { migrate: true },
);
