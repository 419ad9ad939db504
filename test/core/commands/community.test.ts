/**
 * Area security through the command framework, on each database engine: registering in a community's channel
 * joins the community (area_restriction = its location fences), `area` offers a member only its communities'
 * areas, the admin `community` command lists, adds, removes, shows and clears, and a registration the role check
 * disabled comes back on with `service` under `disable-user` while an admin's disable stands.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { IncomingCommand } from '../../../core/commands/types.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { commandWorld, dm, inChannel, reactions, registered, texts, type World } from './support.ts';

const SECURITY = {
  general: { role_check_mode: 'disable-user' },
  area_security: {
    enabled: true,
    communities: [
      { name: 'Harbourside', allowed_areas: ['Harbour', 'Old Town'], location_fence: ['Old Town'], discord: { channels: ['900'] } },
      { name: 'Parkland', allowed_areas: ['North Park'], location_fence: ['North Park'], telegram: { channels: ['-100'] } },
    ],
  },
};

const onDiscord = (incoming: IncomingCommand): IncomingCommand => ({ ...incoming, platform: 'discord' });

await forEachDatabase(
  'area security and the community command',
  (db) => {
    let world: World;
    it('sets up', async () => {
      world = await commandWorld(db.knex, { config: SECURITY });
    });

    it('registering in a community channel joins it; elsewhere (not a registration channel) is refused', async () => {
      assert.deepEqual(reactions(await world.handle(onDiscord(inChannel('!service', '901', '101')))), ['🙅']);
      assert.deepEqual(reactions(await world.handle(onDiscord(inChannel('!service', '900', '101')))), ['✅']);
      const human = await world.stores.humans.get('101');
      assert.deepEqual(human?.communityMembership, ['harbourside']);
      assert.deepEqual(human?.areaRestriction, ['old town']);
    });

    it('a member may add only its communities\' areas; an admin acting for it is not limited', async () => {
      const list = texts(await world.handle(dm('!area list', '101')));
      assert.match(list, /Harbour/);
      assert.match(list, /Old Town/);
      assert.doesNotMatch(list, /North Park/);
      assert.match(texts(await world.handle(dm('!area add north park', '101'))), /north/i);
      assert.deepEqual((await world.stores.humans.get('101'))?.area, []);
      await world.handle(dm('!area add north park user:101', 'boss', { admin: true }));
      assert.deepEqual((await world.stores.humans.get('101'))?.area, ['north park']);
    });

    it('community list / add / remove / show / clear (admins only)', async () => {
      assert.deepEqual(reactions(await world.handle(dm('!community list', '101'))), ['🙅'], 'admins only');
      assert.match(texts(await world.handle(dm('!community list', 'boss', { admin: true }))), /harbourside\nparkland/);
      assert.match(texts(await world.handle(dm('!community add parkland 101', 'boss', { admin: true }))), /Added community parkland to 101/);
      let human = await world.stores.humans.get('101');
      assert.deepEqual(human?.communityMembership, ['harbourside', 'parkland']);
      assert.deepEqual(human?.areaRestriction, ['old town', 'north park']);
      assert.match(texts(await world.handle(dm('!community add nowhere 101', 'boss', { admin: true }))), /no community called `nowhere`/);
      assert.deepEqual(reactions(await world.handle(dm('!community add parkland', 'boss', { admin: true }))), ['🙅'], 'a change needs named targets');
      assert.match(texts(await world.handle(dm('!community remove harbourside <@101>', 'boss', { admin: true }))), /Removed community harbourside from 101/);
      human = await world.stores.humans.get('101');
      assert.deepEqual(human?.communityMembership, ['parkland']);
      assert.deepEqual(human?.areaRestriction, ['north park']);
      assert.match(texts(await world.handle(dm('!community show 101', 'boss', { admin: true }))), /101 .*communities \["parkland"\], location restriction \["north park"\]/);
      assert.match(texts(await world.handle(dm('!community clear 101', 'boss', { admin: true }))), /Cleared the communities of 101/);
      human = await world.stores.humans.get('101');
      assert.deepEqual(human?.communityMembership, []);
      assert.equal(human?.areaRestriction, null);
    });

    it('service re-enables a registration the role check disabled (disable-user), not one an admin disabled', async () => {
      await registered(world.stores, '102', { adminDisable: true, disabledDate: new Date() });
      await registered(world.stores, '103', { adminDisable: true, disabledDate: null });
      assert.deepEqual(reactions(await world.handle(onDiscord(inChannel('!service', '900', '102')))), ['✅']);
      const back = await world.stores.humans.get('102');
      assert.equal(back?.adminDisable, false);
      assert.equal(back?.disabledDate, null);
      assert.deepEqual(back?.communityMembership, ['harbourside'], 'and joins the channel\'s community');
      assert.deepEqual(reactions(await world.handle(onDiscord(inChannel('!service', '900', '103')))), ['🙅']);
      assert.equal((await world.stores.humans.get('103'))?.adminDisable, true);
    });
  },
  { migrate: true },
);
