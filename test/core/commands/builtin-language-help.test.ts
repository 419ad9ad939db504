/**
 * language and help against a real database, with the bundled help templates.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { buildGameData } from '../../../core/gamedata/index.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { commandWorld, dm, inChannel, reactions, registered, texts, type World } from './support.ts';

const gameData = buildGameData({ locales: { en: { x_resumed: 'Alert messages resumed.' }, de: { x_resumed: 'Alarme laufen wieder.' }, fr: {} } });

await forEachDatabase(
  'language and help',
  (db) => {
    let world: World;
    it('sets up', async () => {
      world = await commandWorld(db.knex, { gameData, config: { general: { available_languages: { it: { service: 'servizio', help: 'aiuto' } } } } });
      await registered(world.stores, 'g1');
    });

    it('language alone shows the current language and the choices', async () => {
      assert.match(texts(await world.handle(dm('!language', 'g1'))), /Your language is en\. Available: de, en, fr, it/);
    });

    it('language <code> is validated and stored; replies then come in that language', async () => {
      assert.deepEqual(reactions(await world.handle(dm('!language xx', 'g1'))), ['🙅']);
      assert.deepEqual(reactions(await world.handle(dm('!language DE', 'g1'))), ['✅']);
      assert.equal((await world.stores.humans.get('g1'))?.language, 'de');
      assert.deepEqual(reactions(await world.handle(dm('!language de', 'g1'))), ['👌']);
      await world.stores.humans.update('g1', { enabled: false });
      assert.equal(texts(await world.handle(dm('!start', 'g1'))), 'Alarme laufen wieder.');
    });

    it('help without a topic renders the index with the prefix; admins see the admin line', async () => {
      const [reply] = await world.handle(dm('!help', 'nobody'));
      const body = JSON.stringify(reply?.message?.body);
      assert.match(body, /Lookout help/);
      assert.match(body, /!help <topic>/);
      assert.doesNotMatch(body, /Admins/);
      const [admin] = await world.handle(dm('!help', 'boss', { admin: true }));
      assert.match(JSON.stringify(admin?.message?.body), /Admins/);
    });

    it('help <topic> renders that topic; a prefixed topic works too', async () => {
      const [area] = await world.handle(dm('!help area', 'g1'));
      assert.match(JSON.stringify(area?.message?.body), /!area: the areas you follow/);
      const [track] = await world.handle(dm('!help !track', 'g1'));
      assert.match(JSON.stringify(track?.message?.body), /!track: pok/);
    });

    it('an unknown topic is said so, followed by the index', async () => {
      const replies = await world.handle(inChannel('!help teleport', 'any-channel', 'someone'));
      assert.deepEqual(reactions(replies), ['🙅']);
      assert.match(texts(replies), /no help on "teleport"/);
      assert.match(JSON.stringify(replies[1]?.message?.body), /Lookout help/);
    });

    it('a translated help word works', async () => {
      const [reply] = await world.handle(dm('!aiuto', 'g1'));
      assert.match(JSON.stringify(reply?.message?.body), /Lookout help/);
    });
  },
  { migrate: true },
);
