/**
 * HumanStore.changeSettings on both engines: a human's placement (areas, location, current profile) kept in
 * step with its profiles, other fields alongside, all in one transaction — a refusal or a failure part-way
 * (a trigger that fails the nth write) leaves every row as it was.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { HumanStore } from '../../../core/db/stores/humans.ts';
import { ProfileStore } from '../../../core/db/stores/profiles.ts';
import { isLookoutError } from '../../../core/errors.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { dropTrigger, failUpdatesWhen, humanRows } from '../../helpers/failing-trigger.ts';

const isCode = (code: string) => (err: unknown) => isLookoutError(err) && err.code === code;

await forEachDatabase(
  'HumanStore.changeSettings',
  (db) => {
    const humans = () => new HumanStore(db.knex);
    const profiles = () => new ProfileStore(db.knex);
    const near = (a: number, b: number) => Math.abs(a - b) < 1e-5;

    async function seed(id: string): Promise<void> {
      await humans().create({ id, type: 'discord:user', name: id, area: ['home'], latitude: 1, longitude: 2 });
      await profiles().create({ id, name: 'day', profileNo: 1, area: ['home'], latitude: 1, longitude: 2 });
      await profiles().create({ id, name: 'night', profileNo: 2, area: ['away'], latitude: 3, longitude: 4 });
    }

    it('switches profile, then mirrors location and areas into the new one, and sets the other fields', async () => {
      await seed('s1');
      const human = await humans().changeSettings('s1', { profileNo: 2, location: { latitude: 5, longitude: 6 }, area: ['new'], fields: { notes: 'n', enabled: false } });
      assert.equal(human.currentProfileNo, 2);
      assert.deepEqual(human.area, ['new']);
      assert.ok(near(human.latitude, 5) && near(human.longitude, 6));
      assert.equal(human.notes, 'n');
      assert.equal(human.enabled, false);
      const left = await profiles().get('s1', 1);
      assert.deepEqual(left?.area, ['home']);
      assert.ok(near(left?.latitude ?? 0, 1) && near(left?.longitude ?? 0, 2));
      const now = await profiles().get('s1', 2);
      assert.deepEqual(now?.area, ['new']);
      assert.ok(near(now?.latitude ?? 0, 5) && near(now?.longitude ?? 0, 6));
    });

    it('a switch alone copies the profile onto the human and stores the human in the profile it leaves', async () => {
      await seed('s2');
      await humans().changeSettings('s2', { area: ['moved'] });
      const human = await humans().changeSettings('s2', { profileNo: 2 });
      assert.deepEqual([human.currentProfileNo, human.area, human.latitude, human.longitude], [2, ['away'], 3, 4]);
      assert.deepEqual((await profiles().get('s2', 1))?.area, ['moved']);
      const same = await humans().changeSettings('s2', { profileNo: 2 });
      assert.deepEqual(same, human);
    });

    it('writes the human only when its current profile has no row', async () => {
      await humans().create({ id: 's3', type: 'discord:user', name: 's3', currentProfileNo: 4 });
      const human = await humans().changeSettings('s3', { area: ['x'], location: { latitude: 7, longitude: 8 } });
      assert.deepEqual(human.area, ['x']);
      assert.deepEqual(await profiles().list('s3'), []);
    });

    it('refuses a missing human or profile without writing anything', async () => {
      await seed('s4');
      const before = await humanRows(db.knex, 's4');
      await assert.rejects(humans().changeSettings('s4', { profileNo: 9, area: ['x'], fields: { notes: 'no' } }), isCode('NOT_FOUND'));
      await assert.rejects(humans().changeSettings('nobody', { area: ['x'] }), isCode('NOT_FOUND'));
      assert.deepEqual(await humanRows(db.knex, 's4'), before);
    });

    it('a failure on a later write rolls back the earlier ones', async () => {
      await seed('s5');
      const before = await humanRows(db.knex, 's5');
      // 1st write: profile 1 stores what the human had; 2nd: profile 2 gets the new areas (fails here)
      await failUpdatesWhen(db.knex, db.engine, 'fail_profile_two', 'profiles', `NEW.id = 's5' AND NEW.profile_no = 2`);
      await assert.rejects(humans().changeSettings('s5', { profileNo: 2, area: ['lost'] }), /injected failure/);
      assert.deepEqual(await humanRows(db.knex, 's5'), before);
      await dropTrigger(db.knex, 'fail_profile_two');
      // the human row is written last: failing it undoes both profile writes
      await failUpdatesWhen(db.knex, db.engine, 'fail_human', 'humans', `NEW.id = 's5'`);
      await assert.rejects(humans().changeSettings('s5', { profileNo: 2, area: ['lost'], fields: { notes: 'lost' } }), /injected failure/);
      assert.deepEqual(await humanRows(db.knex, 's5'), before);
      await dropTrigger(db.knex, 'fail_human');
    });

    it('a full change is one transaction of at most 3 writes and 3 reads', async () => {
      await seed('s6');
      const statements: string[] = [];
      const count = (query: { sql: string }) => void statements.push(query.sql);
      db.knex.on('query', count);
      try {
        await humans().changeSettings('s6', { profileNo: 2, location: { latitude: 1, longitude: 1 }, area: ['a'], fields: { notes: 'x' } });
      } finally {
        db.knex.off('query', count);
      }
      const kinds = statements.map((sql) => sql.trim().split(/\s/)[0]?.replace(/;$/, '').toLowerCase());
      assert.deepEqual(kinds, ['begin', 'select', 'select', 'update', 'update', 'update', 'select', 'commit']);
    });
  },
  { migrate: true },
);
