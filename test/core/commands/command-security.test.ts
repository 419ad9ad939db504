/**
 * Command security through the command framework, on each database engine: a listed command is refused (🙅) to
 * users neither listed nor holding a listed role, admins always pass, unlisted commands are open, `track` answers to
 * the previous generation's `monster` key; registration writes the alert kinds a user is denied to blocked_alerts.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { IncomingCommand } from '../../../core/commands/types.ts';
import { blockedAlertsFor, mayUseCommand } from '../../../core/membership/index.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { commandWorld, inChannel, reactions, registered, texts, type World } from './support.ts';

const SECURITY = { discord: { command_security: { area: ['555', '777'], monster: ['555'], raid: ['777'] } } };

function onDiscord(incoming: IncomingCommand, roles: readonly string[] = []): IncomingCommand {
  return { ...incoming, platform: 'discord', sender: { ...incoming.sender, roles } };
}

it('mayUseCommand and blockedAlertsFor', () => {
  const security = SECURITY.discord.command_security;
  assert.equal(mayUseCommand(security, 'area', { id: '101', isAdmin: false }), false);
  assert.equal(mayUseCommand(security, 'area', { id: '101', roles: ['777'], isAdmin: false }), true);
  assert.equal(mayUseCommand(security, 'area', { id: '101', isAdmin: true }), true);
  assert.equal(mayUseCommand(security, 'track', { id: '101', isAdmin: false }), false, 'track is secured by `monster`');
  assert.equal(mayUseCommand(security, 'location', { id: '101', isAdmin: false }), true, 'unlisted');
  assert.deepEqual(blockedAlertsFor(security, { id: '101', isAdmin: false }), ['monster', 'raid']);
  assert.deepEqual(blockedAlertsFor(security, { id: '555', isAdmin: false }), ['raid']);
  assert.equal(blockedAlertsFor(security, { id: '555', roles: ['777'], isAdmin: false }), null);
});

await forEachDatabase(
  'command security',
  (db) => {
    let world: World;
    it('sets up', async () => {
      world = await commandWorld(db.knex, { config: { discord: SECURITY.discord } });
      for (const id of ['101', '555']) await registered(world.stores, id);
    });

    it('a secured command is refused to others, allowed by id or role', async () => {
      const dm = (text: string, sender: string): IncomingCommand => ({ ...inChannel(text, sender, sender), place: { kind: 'dm', id: sender, name: 'dm', humanType: 'chat:user', isRegistrationChannel: false } });
      const denied = await world.handle(onDiscord(dm('!area list', '101')));
      assert.deepEqual(reactions(denied), ['🙅']);
      assert.match(texts(denied), /You do not have permission to use !area/);
      assert.doesNotMatch(texts(await world.handle(onDiscord(dm('!area list', '555')))), /permission/);
      assert.doesNotMatch(texts(await world.handle(onDiscord(dm('!area list', '101'), ['777']))), /permission/);
      assert.doesNotMatch(texts(await world.handle(onDiscord(dm('!location', '101')))), /permission/, 'unlisted commands are open');
      assert.doesNotMatch(texts(await world.handle({ ...dm('!area list', '101') })), /permission/, 'another platform\'s table does not apply');
    });

    it('registration writes blocked_alerts', async () => {
      const register = (sender: string): IncomingCommand => inChannel('!service', '42', sender, { registration: true });
      await world.handle(onDiscord(register('202')));
      await world.handle(onDiscord(register('203'), ['777']));
      assert.deepEqual((await world.stores.humans.get('202'))?.blockedAlerts, ['monster', 'raid']);
      assert.deepEqual((await world.stores.humans.get('203'))?.blockedAlerts, ['monster']);
    });
  },
  { migrate: true },
);
