/**
 * Delegated administration through the command framework, on each database engine: a delegated channel admin
 * runs commands in its channel (named directly, or through its category by role), a webhook admin acts for its
 * webhook with `name:`, a user-tracking admin acts for users with `user:`; everyone else is refused as before.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { IncomingCommand } from '../../../core/commands/types.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { commandWorld, dm, inChannel, reactions, registered, texts, type World } from './support.ts';

const CONFIG = {
  discord: {
    delegated_admins: [
      { target: '900', admins: ['555'] },
      { target: '901', admins: ['301'] },
    ],
    webhook_admins: [{ target: 'Raid Hook', admins: ['302'] }],
    user_tracking_admins: ['303'],
  },
};

function onDiscord(incoming: IncomingCommand, roles: readonly string[] = [], containerIds: readonly string[] = []): IncomingCommand {
  return { ...incoming, platform: 'discord', sender: { ...incoming.sender, roles }, place: { ...incoming.place, ...(containerIds.length ? { containerIds } : {}) } };
}

const refusedAsNotAdmin = (replies: readonly { text?: string }[]): boolean => /Only admins/.test(texts(replies));

await forEachDatabase(
  'delegated administration',
  (db) => {
    let world: World;
    it('sets up', async () => {
      world = await commandWorld(db.knex, { config: CONFIG });
      await world.stores.humans.create({ id: '901', type: 'chat:channel', name: 'hundos' });
      await world.stores.humans.create({ id: '902', type: 'chat:channel', name: 'raids' });
      await world.stores.humans.create({ id: 'https://hook', type: 'webhook', name: 'Raid Hook' });
      await registered(world.stores, '101');
    });

    it('a delegated channel admin runs commands in its channel; through a category by role; others are refused', async () => {
      assert.equal(refusedAsNotAdmin(await world.handle(onDiscord(inChannel('!area list', '901', '301')))), false);
      assert.equal(refusedAsNotAdmin(await world.handle(onDiscord(inChannel('!area list', '902', '304'), ['555'], ['900']))), false);
      assert.equal(refusedAsNotAdmin(await world.handle(onDiscord(inChannel('!area list', '902', '301')))), true, 'not its channel');
      assert.equal(refusedAsNotAdmin(await world.handle(onDiscord(inChannel('!area list', '901', '305')))), true);
      assert.equal(refusedAsNotAdmin(await world.handle(inChannel('!area list', '901', '301'))), true, "another platform's delegation does not apply");
    });

    it('a webhook admin acts for its webhook; a user-tracking admin for users', async () => {
      assert.doesNotMatch(texts(await world.handle(onDiscord(dm('!area list name:Raid_Hook', '302')))), /Only admins/);
      assert.deepEqual(reactions(await world.handle(onDiscord(dm('!area list name:Raid_Hook', '303')))), ['🙅']);
      assert.doesNotMatch(texts(await world.handle(onDiscord(dm('!area list user:101', '303')))), /Only admins/);
      assert.deepEqual(reactions(await world.handle(onDiscord(dm('!area list user:101', '302')))), ['🙅']);
      assert.match(texts(await world.handle(onDiscord(dm('!area list user:999', '302')))), /Only admins may act for someone else/, 'names are not probed');
    });
  },
  { migrate: true },
);
