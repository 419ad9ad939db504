/**
 * service (registration), start, stop and unregister against a real database.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { forEachDatabase } from '../../helpers/databases.ts';
import { SIGHTING_TABLE } from '../../fixtures/sighting-plugin.ts';
import { commandWorld, dm, inChannel, reactions, registered, texts, type World } from './support.ts';

await forEachDatabase(
  'service, start, stop, unregister',
  (db) => {
    let world: World;
    it('sets up', async () => {
      world = await commandWorld(db.knex, { config: { general: { available_languages: { de: { service: 'dienst', help: 'hilfe' } } } } });
    });

    it('service in a registration channel registers the sender with profile 1 and sends the greeting by DM', async () => {
      const replies = await world.handle(inChannel('!service', 'reg-chan', 'new1', { registration: true, name: 'Ash' }));
      assert.deepEqual(reactions(replies), ['✅']);
      const greeting = replies.find((r) => r.message);
      assert.equal(greeting?.direct, true);
      assert.equal(greeting?.message?.platform, 'discord');
      assert.match(JSON.stringify(greeting?.message?.body), /Welcome to Lookout/);
      assert.match(JSON.stringify(greeting?.message?.body), /!location/);
      const human = await world.stores.humans.get('new1');
      assert.equal(human?.type, 'chat:user');
      assert.equal(human?.name, 'Ash');
      assert.equal(human?.enabled, true);
      assert.equal(human?.currentProfileNo, 1);
      assert.deepEqual((await world.stores.profiles.list('new1')).map((p) => p.profileNo), [1]);
    });

    it('the alias poracle works; registering twice changes nothing', async () => {
      const replies = await world.handle(dm('!poracle', 'new1', { registration: true }));
      assert.deepEqual(reactions(replies), ['👌']);
      assert.equal(replies.some((r) => r.message), false);
    });

    it('registration is refused where the platform does not allow it, except for admins', async () => {
      assert.match(texts(await world.handle(dm('!service', 'new2'))), /cannot register here/);
      assert.equal(await world.stores.humans.get('new2'), null);
      assert.deepEqual(reactions(await world.handle(dm('!service', 'admin1', { admin: true }))), ['✅']);
    });

    it('a translated registration word registers in that language', async () => {
      await world.handle(dm('!dienst', 'new3', { registration: true }));
      assert.equal((await world.stores.humans.get('new3'))?.language, 'de');
    });

    it('a stopped or failing user is switched back on without a second greeting; an admin-disabled one is refused', async () => {
      await world.stores.humans.update('new1', { enabled: false, fails: 3 });
      const again = await world.handle(dm('!service', 'new1', { registration: true }));
      assert.deepEqual(reactions(again), ['✅']);
      assert.equal(again.filter((r) => r.message).length, 0, 'the greeting is sent once, on the first registration');
      const back = await world.stores.humans.get('new1');
      assert.equal(back?.enabled, true);
      assert.equal(back?.fails, 0);
      await registered(world.stores, 'banned', { adminDisable: true });
      assert.deepEqual(reactions(await world.handle(dm('!service', 'banned', { registration: true }))), ['🙅']);
    });

    it('stop pauses and start resumes', async () => {
      await registered(world.stores, 's1');
      const stop = await world.handle(dm('!stop', 's1'));
      assert.deepEqual(reactions(stop), ['✅']);
      assert.match(texts(stop), /resume them with !start/);
      assert.equal((await world.stores.humans.get('s1'))?.enabled, false);
      assert.deepEqual(reactions(await world.handle(dm('!stop', 's1'))), ['👌']);
      assert.deepEqual(reactions(await world.handle(dm('!start', 's1'))), ['✅']);
      assert.equal((await world.stores.humans.get('s1'))?.enabled, true);
      assert.deepEqual(reactions(await world.handle(dm('!start', 's1'))), ['👌']);
    });

    it('stop with arguments changes nothing', async () => {
      const replies = await world.handle(dm('!stop pikachu', 's1'));
      assert.deepEqual(reactions(replies), ['🙅']);
      assert.equal((await world.stores.humans.get('s1'))?.enabled, true);
    });

    it('unregister removes the human with its profiles, locations and rules, a plugin\'s own table included', async () => {
      await registered(world.stores, 'gone');
      await world.stores.locations.create({ humanId: 'gone', label: 'home', latitude: 1, longitude: 2 });
      await world.stores.rules.insert('lures', [{ id: 'gone', profile_no: 1, ping: '', clean: 0, distance: 0, template: '1', lure_id: 501 }]);
      await world.stores.rules.insert(SIGHTING_TABLE, [{ id: 'gone', profile_no: 1, ping: '', clean: 0, distance: 0, template: '1', species: 25 }]);
      await world.stores.rules.insert(SIGHTING_TABLE, [{ id: 'stays', profile_no: 1, ping: '', clean: 0, distance: 0, template: '1', species: 25 }]);
      assert.deepEqual(reactions(await world.handle(dm('!unregister', 'gone'))), ['✅']);
      assert.equal(await world.stores.humans.get('gone'), null);
      assert.deepEqual(await world.stores.profiles.list('gone'), []);
      assert.deepEqual(await world.stores.locations.list('gone'), []);
      assert.deepEqual(await world.stores.rules.list('lures', 'gone'), []);
      assert.deepEqual(await world.stores.rules.list(SIGHTING_TABLE, 'gone'), [], 'no orphan rule in the plugin\'s table');
      assert.equal((await world.stores.rules.list(SIGHTING_TABLE, 'stays')).length, 1, 'nobody else\'s rules go');
    });

    it('an admin unregisters someone else', async () => {
      await registered(world.stores, 'victim');
      const replies = await world.handle(dm('!unregister user:victim', 'admin1', { admin: true }));
      assert.match(texts(replies), /Acting as User victim[\s\S]*Unregistered User victim/);
      assert.equal(await world.stores.humans.get('victim'), null);
      assert.notEqual(await world.stores.humans.get('admin1'), null);
    });
  },
  { migrate: true },
);
