/**
 * area and location (with saved locations that rules refer to) against a real database.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { SIGHTING_TABLE } from '../../fixtures/sighting-plugin.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { commandWorld, dm, reactions, registered, texts, type World } from './support.ts';

await forEachDatabase(
  'area and location',
  (db) => {
    let world: World;
    it('sets up', async () => {
      world = await commandWorld(db.knex);
      await registered(world.stores, 'a1');
      await registered(world.stores, 'l1');
    });

    it('area list shows the selectable areas and marks none yet', async () => {
      const text = texts(await world.handle(dm('!area list', 'a1')));
      assert.match(text, /▫️ Harbour/);
      assert.match(text, /▫️ North Park/);
      assert.doesNotMatch(text, /Hidden/);
    });

    it('area add matches names case-insensitively (several words too) and reports unknown ones', async () => {
      const replies = await world.handle(dm('!area add harbour north park atlantis hidden', 'a1'));
      assert.deepEqual(reactions(replies), ['✅', '🙅']);
      assert.match(texts(replies), /Added: harbour, north park/);
      assert.match(texts(replies), /Unknown areas: atlantis, hidden/);
      assert.deepEqual((await world.stores.humans.get('a1'))?.area, ['harbour', 'north park']);
      assert.deepEqual((await world.stores.profiles.get('a1', 1))?.area, ['harbour', 'north park']);
      assert.match(texts(await world.handle(dm('!area', 'a1'))), /✅ Harbour[\s\S]*✅ North Park[\s\S]*▫️ Old Town/);
    });

    it('adding areas already subscribed changes nothing; a bare name list adds', async () => {
      assert.deepEqual(reactions(await world.handle(dm('!area add HARBOUR', 'a1'))), ['👌']);
      assert.deepEqual(reactions(await world.handle(dm('!area "old town"', 'a1'))), ['✅']);
      assert.deepEqual((await world.stores.humans.get('a1'))?.area, ['harbour', 'north park', 'old town']);
    });

    it('area remove drops areas; without names it explains', async () => {
      assert.match(texts(await world.handle(dm('!area remove harbour old_town', 'a1'))), /Removed: harbour, old town/);
      assert.deepEqual((await world.stores.humans.get('a1'))?.area, ['north park']);
      assert.deepEqual(reactions(await world.handle(dm('!area remove', 'a1'))), ['🙅']);
    });

    it('an area restriction limits what a user can pick', async () => {
      await registered(world.stores, 'a2', { areaRestriction: ['harbour'] });
      assert.match(texts(await world.handle(dm('!area add harbour old_town', 'a2'))), /Added: harbour[\s\S]*Unknown areas: old town/);
    });

    it('location <lat>,<lon> sets the human and current profile', async () => {
      assert.match(texts(await world.handle(dm('!location', 'l1'))), /not set a location/);
      const replies = await world.handle(dm('!location 51.5072, -0.1276', 'l1'));
      assert.deepEqual(reactions(replies), ['✅']);
      assert.match(texts(replies), /51\.5072,-0\.1276/);
      const human = await world.stores.humans.get('l1');
      const near = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) < 1e-4;
      assert.ok(near(human?.latitude, 51.5072));
      assert.ok(near(human?.longitude, -0.1276));
      assert.ok(near((await world.stores.profiles.get('l1', 1))?.latitude, 51.5072));
      assert.match(texts(await world.handle(dm('!location', 'l1'))), /maps\.google\.com/);
    });

    it('a location that is not one is refused', async () => {
      assert.deepEqual(reactions(await world.handle(dm('!location 123,456', 'l1'))), ['🙅']);
      assert.deepEqual(reactions(await world.handle(dm('!location somewhere', 'l1'))), ['🙅']);
    });

    it('location add / list / show keep the label as typed', async () => {
      assert.deepEqual(reactions(await world.handle(dm('!location add Work 48.1,11.5', 'l1'))), ['✅']);
      assert.deepEqual(reactions(await world.handle(dm('!location add "Gym Spot" 48.2 11.6', 'l1'))), ['✅']);
      assert.match(texts(await world.handle(dm('!location add Work 1,1', 'l1'))), /already have a location called "Work"/);
      assert.deepEqual(reactions(await world.handle(dm('!location add Nowhere', 'l1'))), ['🙅']);
      const list = texts(await world.handle(dm('!location list', 'l1')));
      assert.match(list, /Gym Spot: 48\.2,11\.6/);
      assert.match(list, /Work: 48\.1,11\.5/);
      assert.match(texts(await world.handle(dm('!location show Work', 'l1'))), /"Work": 48\.1,11\.5/);
      assert.match(texts(await world.handle(dm('!location show nope', 'l1'))), /no location called "nope"/);
    });

    it('a location used by a rule cannot be removed; the reply lists the rules', async () => {
      const [rule] = await world.stores.rules.insert(SIGHTING_TABLE, [{ id: 'l1', profile_no: 1, species: 25, distance: 500, override_location_label: 'Work' }]);
      const replies = await world.handle(dm('!location remove Work', 'l1'));
      assert.deepEqual(reactions(replies), ['🙅']);
      assert.match(texts(replies), new RegExp(`still used[\\s\\S]*\\[id:${rule!.uid}\\] species 25 @ Work`));
      assert.notEqual(await world.stores.locations.get('l1', 'Work'), null);
      await world.stores.rules.deleteByUid(SIGHTING_TABLE, 'l1', [rule!.uid]);
      assert.deepEqual(reactions(await world.handle(dm('!location remove Work', 'l1'))), ['✅']);
      assert.equal(await world.stores.locations.get('l1', 'Work'), null);
    });

    it('location remove without a label clears the location', async () => {
      assert.deepEqual(reactions(await world.handle(dm('!location remove', 'l1'))), ['✅']);
      assert.equal((await world.stores.humans.get('l1'))?.latitude, 0);
    });
  },
  { migrate: true },
);
