/**
 * tracked and profile against a real database.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { SIGHTING_TABLE } from '../../fixtures/sighting-plugin.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { commandWorld, dm, reactions, registered, texts, type World } from './support.ts';

const rule = (id: string, species: number, extra: Record<string, unknown> = {}) => ({ id, profile_no: 1, species, ...extra });

await forEachDatabase(
  'tracked and profile',
  (db) => {
    let world: World;
    it('sets up', async () => {
      world = await commandWorld(db.knex);
      await registered(world.stores, 't1', { area: ['harbour'], latitude: 48.1, longitude: 11.5 });
      await registered(world.stores, 'p1', { area: ['harbour'], latitude: 1, longitude: 2 });
    });

    it('tracked: header, then one line per rule with its id, @ label and in areas', async () => {
      const rows = await world.stores.rules.insert(SIGHTING_TABLE, [
        rule('t1', 25),
        rule('t1', 7, { distance: 500, override_location_label: 'Work' }),
        rule('t1', 1, { override_areas: '["north park","harbour"]' }),
        rule('t1', 150, { profile_no: 2 }),
      ]);
      const replies = await world.handle(dm('!tracked', 't1'));
      const text = texts(replies);
      assert.match(text, /alerts are currently \*\*enabled\*\*/);
      assert.match(text, /Your location is 48\.1,11\.5/);
      assert.match(text, /receive alerts in: harbour/);
      assert.match(text, /Your profile is: default \(#1\)/);
      assert.match(text, new RegExp(`\\[id:${rows[0]!.uid}\\] species 25\\n`));
      assert.match(text, new RegExp(`\\[id:${rows[1]!.uid}\\] species 7 @ Work`));
      assert.match(text, new RegExp(`\\[id:${rows[2]!.uid}\\] species 1 in north park, harbour`));
      assert.doesNotMatch(text, /species 150/);
    });

    it('tracked: nothing tracked, disabled alerts, no location', async () => {
      await registered(world.stores, 't2', { enabled: false });
      const text = texts(await world.handle(dm('!tracked', 't2')));
      assert.match(text, /\*\*disabled\*\*/);
      assert.match(text, /not set a location/);
      assert.match(text, /not selected any area/);
      assert.match(text, /not tracking anything/);
    });

    it('tracked area shows only the areas', async () => {
      assert.equal(texts(await world.handle(dm('!tracked area', 't1'))), 'You receive alerts in: harbour');
    });

    it('tracked splits long output into several messages', async () => {
      await registered(world.stores, 't3');
      await world.stores.rules.insert(SIGHTING_TABLE, Array.from({ length: 300 }, (_, i) => rule('t3', i + 1)));
      const replies = await world.handle(dm('!tracked', 't3'));
      assert.ok(replies.length > 1);
      for (const r of replies) assert.ok(r.text!.length <= 1900);
      assert.equal(texts(replies).match(/\[id:/g)?.length, 300);
    });

    it('profile list / add copies the current areas and location', async () => {
      assert.match(texts(await world.handle(dm('!profile', 'p1'))), /➡️ 1\. default/);
      const added = await world.handle(dm('!profile add Work', 'p1'));
      assert.deepEqual(reactions(added), ['✅']);
      assert.match(texts(added), /Added profile Work \(#2\)/);
      const work = await world.stores.profiles.get('p1', 2);
      assert.deepEqual(work?.area, ['harbour']);
      assert.equal(work?.latitude, 1);
      assert.deepEqual(reactions(await world.handle(dm('!profile add work', 'p1'))), ['🙅']);
      assert.deepEqual(reactions(await world.handle(dm('!profile add', 'p1'))), ['🙅']);
    });

    it('profile switch copies the profile areas and location onto the human', async () => {
      await world.stores.profiles.update('p1', 2, { area: ['old town'], latitude: 5, longitude: 6 });
      assert.deepEqual(reactions(await world.handle(dm('!profile switch work', 'p1'))), ['✅']);
      const human = await world.stores.humans.get('p1');
      assert.equal(human?.currentProfileNo, 2);
      assert.deepEqual(human?.area, ['old town']);
      assert.equal(human?.latitude, 5);
      assert.deepEqual(reactions(await world.handle(dm('!profile 2', 'p1'))), ['👌']);
      assert.deepEqual(reactions(await world.handle(dm('!profile 1', 'p1'))), ['✅']);
      assert.deepEqual((await world.stores.humans.get('p1'))?.area, ['harbour']);
      assert.match(texts(await world.handle(dm('!profile switch nine', 'p1'))), /no profile "nine"/);
    });

    it('area changes go to the current profile only', async () => {
      await world.handle(dm('!profile switch 2', 'p1'));
      await world.handle(dm('!area add harbour', 'p1'));
      assert.deepEqual((await world.stores.profiles.get('p1', 2))?.area, ['old town', 'harbour']);
      assert.deepEqual((await world.stores.profiles.get('p1', 1))?.area, ['harbour']);
    });

    it('profile delete removes the profile and its rules; deleting the current one switches to 1; 1 stays', async () => {
      await world.stores.rules.insert(SIGHTING_TABLE, [rule('p1', 10, { profile_no: 2 }), rule('p1', 11, { profile_no: 1 })]);
      await world.stores.rules.insert('lures', [{ id: 'p1', profile_no: 2, ping: '', clean: 0, distance: 0, template: '1', lure_id: 501 }]);
      const replies = await world.handle(dm('!profile delete work', 'p1'));
      assert.match(texts(replies), /Deleted profile Work \(#2\) and its 2 rules/);
      assert.equal(await world.stores.profiles.get('p1', 2), null);
      assert.deepEqual((await world.stores.rules.list(SIGHTING_TABLE, 'p1')).map((r) => r.species), [11]);
      assert.deepEqual(await world.stores.rules.list('lures', 'p1'), []);
      const human = await world.stores.humans.get('p1');
      assert.equal(human?.currentProfileNo, 1);
      assert.deepEqual(human?.area, ['harbour']);
      assert.match(texts(await world.handle(dm('!profile remove 1', 'p1'))), /Profile 1 cannot be deleted/);
    });
  },
  { migrate: true },
);
