/**
 * The handler: who may run what and for whom (DM, registered and unregistered channels, admins acting as
 * another human, admin-only commands, admin-disabled humans), unknown and failing commands, several commands
 * per message, translated command words setting the reply language.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { CommandDefinition } from '../../../core/commands/types.ts';
import { LookoutError } from '../../../core/errors.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { metricValue } from '../../helpers/metrics.ts';
import { commandWorld, dm, inChannel, reactions, registered, texts, type World } from './support.ts';

const whoami: CommandDefinition = {
  name: 'whoami',
  aliases: ['me'],
  async run(inv) {
    return [{ text: `target=${inv.target?.id ?? 'none'} args=${inv.args.join(',')} raw=${inv.rawArgs.join(',')} ping=${inv.ping} lang=${inv.language}` }];
  },
};
const open: CommandDefinition = { name: 'open', allowUnregistered: true, run: async (inv) => [{ text: `open target=${inv.target?.id ?? 'none'}` }] };
const secret: CommandDefinition = { name: 'secret', adminOnly: true, run: async () => [{ text: 'secret ran' }] };
const boom: CommandDefinition = {
  name: 'boom',
  run: async () => {
    throw new Error('kaputt');
  },
};
const picky: CommandDefinition = {
  name: 'picky',
  run: async () => {
    throw new LookoutError('BAD_REQUEST', 'that value is not allowed');
  },
};
const owns: CommandDefinition = { name: 'owns', ownsTargetArgs: true, run: async (inv) => [{ text: `owns target=${inv.target?.id} raw=${inv.rawArgs.join(',')}` }] };

await forEachDatabase(
  'command handler',
  (db) => {
    let world: World;
    const send = (incoming: Parameters<World['handle']>[0]) => world.handle(incoming);

    it('sets up', async () => {
      world = await commandWorld(db.knex, {
        commands: [whoami, open, secret, boom, picky, owns],
        config: { general: { available_languages: { de: { service: 'dienst', help: 'hilfe' } } } },
      });
      await registered(world.stores, 'u1');
      await registered(world.stores, 'u2', { language: 'de' });
      await registered(world.stores, 'off', { adminDisable: true });
      await registered(world.stores, 'boss');
      await world.stores.humans.create({ id: 'chan-1', type: 'chat:channel', name: 'alerts' });
      await world.stores.humans.create({ id: 'hook-url', type: 'webhook', name: 'Town Hook' });
      await world.stores.humans.create({ id: 'twin-1', type: 'webhook', name: 'Twin' });
      await world.stores.humans.create({ id: 'twin-2', type: 'webhook', name: 'twin' });
    });

    it('in a DM the target is the sender', async () => {
      assert.equal(texts(await send(dm('!whoami Foo <@9> bar_baz', 'u1'))), 'target=u1 args=foo,bar baz raw=Foo,bar baz ping=<@9> lang=en');
      assert.equal(texts(await send(dm('!ME', 'u1'))), 'target=u1 args= raw= ping= lang=en');
    });

    it('the reply language is the target human language', async () => {
      assert.match(texts(await send(dm('!whoami', 'u2'))), /lang=de$/);
    });

    it('an unregistered sender is told to register, except for commands that allow it', async () => {
      const replies = await send(dm('!whoami', 'stranger'));
      assert.deepEqual(reactions(replies), ['🙅']);
      assert.match(texts(replies), /not registered.*!service/);
      assert.equal(texts(await send(dm('!open', 'stranger'))), 'open target=none');
    });

    it('a translated command word answers in its language', async () => {
      const replies = await send(dm('!dienst', 'stranger'));
      assert.deepEqual(reactions(replies), ['🙅']);
      assert.match(texts(replies), /register/i);
    });

    it('an unregistered channel is told so; a registered channel runs only admin commands, for the channel', async () => {
      assert.match(texts(await send(inChannel('!whoami', 'chan-x', 'u1'))), /channel is not registered/);
      const refused = await send(inChannel('!whoami', 'chan-1', 'u1'));
      assert.deepEqual(reactions(refused), ['🙅']);
      assert.match(texts(refused), /Only admins/);
      assert.equal(texts(await send(inChannel('!whoami', 'chan-1', 'boss', { admin: true }))), 'target=chan-1 args= raw= ping= lang=en');
      assert.equal(texts(await send(inChannel('!open', 'chan-x', 'u1'))), 'open target=none');
    });

    it('an admin acts for another human with user:<id>, user<id> or name:<name>; the reply says so', async () => {
      const byId = await send(dm('!whoami user:u2 x', 'boss', { admin: true }));
      assert.equal(byId[0]!.text, 'Acting as User u2 (u2).');
      assert.match(texts(byId), /target=u2 args=x raw=x/);
      await world.stores.humans.create({ id: '12345', type: 'chat:user', name: 'Numbers' });
      assert.match(texts(await send(dm('!whoami user12345', 'boss', { admin: true }))), /target=12345 args= /);
      assert.match(texts(await send(dm('!whoami name:"town hook"', 'boss', { admin: true }))), /target=hook-url/);
    });

    it('acting as someone else: unknown, ambiguous or non-admin is refused', async () => {
      assert.match(texts(await send(dm('!whoami user:nobody9', 'boss', { admin: true }))), /whoami|Nobody/);
      assert.match(texts(await send(dm('!whoami user:999', 'boss', { admin: true }))), /Nobody registered is known as `999`/);
      assert.match(texts(await send(dm('!whoami name:twin', 'boss', { admin: true }))), /Several registrations/);
      const refused = await send(dm('!whoami user:u2', 'u1'));
      assert.deepEqual(reactions(refused), ['🙅']);
      assert.match(texts(refused), /Only admins may act for someone else/);
    });

    it('a command that reads name: itself keeps it', async () => {
      assert.equal(texts(await send(dm('!owns name:thing', 'u1'))), 'owns target=u1 raw=name:thing');
    });

    it('admin-only commands are refused for others', async () => {
      assert.match(texts(await send(dm('!secret', 'u1'))), /Only admins may use !secret/);
      assert.equal(texts(await send(dm('!secret', 'boss', { admin: true }))), 'secret ran');
    });

    it('an admin-disabled human is refused', async () => {
      assert.match(texts(await send(dm('!whoami', 'off'))), /disabled/);
    });

    it('an unknown command gets a clear answer', async () => {
      const replies = await send(dm('!frobnicate', 'u1'));
      assert.deepEqual(reactions(replies), ['🙅']);
      assert.equal(texts(replies), 'Unknown command `frobnicate`, try !help');
    });

    it('a failing command is logged and apologised for; the other commands of the message still run', async () => {
      const replies = await send(dm('!boom\n!whoami a | b', 'u1'));
      assert.deepEqual(reactions(replies), ['🙅']);
      assert.match(replies[0]!.text!, /Sorry, `boom` failed/);
      assert.deepEqual(replies.slice(1).map((r) => r.text), ['target=u1 args=a raw=a ping= lang=en', 'target=u1 args=b raw=b ping= lang=en']);
      const logged = world.log.find('command failed');
      assert.equal(logged?.command, 'boom');
      assert.equal(logged?.sender, 'u1');
      assert.equal((logged?.err as { message?: string } | undefined)?.message, 'kaputt');
      assert.equal(logged?.plugin, 'chat');
    });

    it('a failing command is counted like a hook error, under the plugin owning it and its name', async () => {
      const before = await metricValue(world.metrics, 'lookout_command_errors_total', { plugin: 'chat', command: 'boom' });
      assert.match(texts(await send(dm('!boom', 'u1'))), /Sorry, `boom` failed. The problem has been logged/);
      assert.equal(await metricValue(world.metrics, 'lookout_command_errors_total', { plugin: 'chat', command: 'boom' }), before + 1);
    });

    it('an input error thrown by a command is shown to the user, and not counted as a failure', async () => {
      assert.equal(texts(await send(dm('!picky', 'u1'))), 'that value is not allowed');
      assert.equal(await metricValue(world.metrics, 'lookout_command_errors_total', { command: 'picky' }), 0);
    });

    it('a message that is not a command message yields nothing', async () => {
      assert.deepEqual(await send(dm('hello there', 'u1')), []);
    });
  },
  { migrate: true },
);

await forEachDatabase(
  'disabled commands',
  (db) => {
    it('are ignored silently', async () => {
      const world = await commandWorld(db.knex, { commands: [whoami], config: { general: { disabled_commands: ['whoami'] } } });
      await registered(world.stores, 'u1');
      assert.deepEqual(await world.handle(dm('!whoami', 'u1')), []);
    });
  },
  { migrate: true },
);
