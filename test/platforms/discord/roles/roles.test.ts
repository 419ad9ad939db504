/**
 * Self-service roles: the pure choices (exclusive groups), and the `role` command and the web client's routes
 * through the real discord.js client against the fake Discord (roles given and taken on the fake guild).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Client } from 'discord.js';
import type { CommandInvocation, IncomingCommand } from '../../../../core/commands/types.ts';
import type { RoleSubscription } from '../../../../core/config/index.ts';
import { statusFor } from '../../../../core/http/errors.ts';
import { silentLogger } from '../../../../core/log/logger.ts';
import { createGatewayClient, destroyClient, loginUntilReady } from '../../../../platforms/discord/gateway.ts';
import { roleParts, type RoleParts } from '../../../../platforms/discord/roles/parts.ts';
import { findRole, roleChanges } from '../../../../platforms/discord/roles/subscriptions.ts';
import { startFakeDiscord, type FakeDiscord } from '../../../fakes/discord/index.ts';
import { memoryPlatformServices } from '../../../helpers/platform-context.ts';
import { settingsFor, TOKEN } from '../support.ts';

const GUILD = '740000000000000001';
const USER = '740000000000000010';
const ROLES = { alerts: '740000000000000101', raids: '740000000000000102', valor: '740000000000000103', mystic: '740000000000000104' };
const SUBS: RoleSubscription[] = [{ guild: GUILD, roles: { Alerts: ROLES.alerts, Raids: ROLES.raids }, exclusive_roles: [{ Valor: ROLES.valor, Mystic: ROLES.mystic }] }];

describe('role subscriptions (pure)', () => {
  test('roles are found by description (any case) or id; exclusive roles replace the others of their group', () => {
    assert.deepEqual(findRole(SUBS, 'raids'), { guild: GUILD, id: ROLES.raids, description: 'Raids' });
    assert.deepEqual(findRole(SUBS, ROLES.valor), { guild: GUILD, id: ROLES.valor, description: 'Valor' });
    assert.equal(findRole(SUBS, 'instinct'), undefined);
    assert.deepEqual(roleChanges(SUBS[0]!, new Set([ROLES.valor]), ROLES.mystic, true).map((c) => [c.description, c.add]), [['Valor', false], ['Mystic', true]]);
    assert.deepEqual(roleChanges(SUBS[0]!, new Set(), ROLES.alerts, false).map((c) => [c.description, c.add]), [['Alerts', false]]);
    assert.deepEqual(roleChanges(SUBS[0]!, new Set(), '999', true), []);
  });
});

describe('the role command and routes against the fake Discord', () => {
  let fake: FakeDiscord;
  let client: Client;
  let parts: RoleParts;
  const services = memoryPlatformServices();

  before(async () => {
    fake = await startFakeDiscord();
    const guild = fake.seedGuild({ id: GUILD, name: 'Pogo Town', roles: Object.entries(ROLES).map(([name, id]) => ({ id, name })) });
    fake.seedUser({ id: USER, username: 'ash' });
    guild.memberRoles.set(USER, new Set([ROLES.valor]));
    client = createGatewayClient(settingsFor(fake));
    await loginUntilReady(client, TOKEN, 10_000);
    parts = roleParts(SUBS);
    await services.humans.register({ id: USER, type: 'discord:user', name: 'ash' });
    await services.humans.register({ id: 'https://hook', type: 'webhook', name: 'hook' });
  });

  after(async () => {
    await destroyClient(client);
    await fake.close();
  });

  const held = () => [...fake.state.guilds.get(GUILD)!.memberRoles.get(USER)!].sort();

  function run(text: string, platform = 'discord'): Promise<readonly { text?: string; reaction?: string }[]> {
    const [, sub, ...rest] = text.split(' ');
    const incoming: IncomingCommand = { platform, text, sender: { id: USER, name: 'ash', humanType: 'discord:user', isAdmin: false }, place: { kind: 'dm', id: USER, name: 'ash', humanType: 'discord:user', isRegistrationChannel: false }, prefixes: ['!'] };
    const args = [sub, ...rest].filter((a): a is string => a !== undefined);
    const invocation: Partial<CommandInvocation> = { name: 'role', args: args.map((a) => a.toLowerCase()), rawArgs: args, incoming, prefix: '!', target: null, isAdmin: false, t: (s, vars = {}) => s.replace(/\{(\w+)\}/g, (w, k: string) => String(vars[k] ?? w)) };
    return parts.commands[0]!.run(invocation as CommandInvocation);
  }

  test('without the bot the routes answer 503', async () => {
    const list = parts.apiRoutes.find((r) => r.path === '/humans/:id/roles')!;
    await assert.rejects(list.handler({ params: { id: USER }, query: {}, body: undefined }, { reloadState: async () => true, log: silentLogger() }), (err: unknown) => statusFor(err) === 503);
    parts.attach(client, services.humans);
  });

  test('role list / add (exclusive swap) / remove / membership', async () => {
    assert.match((await run('!role list'))[0]!.text!, /Pogo Town[\s\S]*▫️ Alerts[\s\S]*✅ Valor/);
    const swap = await run('!role add mystic');
    assert.equal(swap[0]!.reaction, '✅');
    assert.deepEqual(held(), [ROLES.mystic]);
    await run('!role add Raids');
    assert.deepEqual(held(), [ROLES.raids, ROLES.mystic].sort());
    assert.match((await run('!role membership'))[0]!.text!, /Raids[\s\S]*Mystic/);
    await run('!role remove raids');
    assert.deepEqual(held(), [ROLES.mystic]);
    assert.match((await run('!role add instinct'))[0]!.text!, /no role called `instinct`/);
    assert.match((await run('!role list', 'telegram'))[0]!.text!, /Discord roles/);
  });

  test('GET /api/humans/{id}/roles and POST …/roles/add|remove/{roleId} in PoracleWeb\'s shapes', async () => {
    const ctx = { reloadState: async () => true, log: silentLogger() };
    const route = (path: string) => parts.apiRoutes.find((r) => r.path === path)!;
    const listed = (await route('/humans/:id/roles').handler({ params: { id: USER }, query: {}, body: undefined }, ctx)) as { status: string; guilds: { name: string; roles: { general: { description: string; id: string; set: boolean }[]; exclusive: unknown[][] } }[] };
    assert.equal(listed.status, 'ok');
    assert.equal(listed.guilds[0]!.name, 'Pogo Town');
    assert.deepEqual(listed.guilds[0]!.roles.general, [{ description: 'Alerts', id: ROLES.alerts, set: false }, { description: 'Raids', id: ROLES.raids, set: false }]);
    const added = (await route('/humans/:id/roles/add/:roleId').handler({ params: { id: USER, roleId: ROLES.alerts }, query: {}, body: undefined }, ctx)) as { result: { id: string; add: boolean }[] };
    assert.deepEqual(added.result.map((c) => [c.id, c.add]), [[ROLES.alerts, true]]);
    assert.ok(held().includes(ROLES.alerts));
    await route('/humans/:id/roles/remove/:roleId').handler({ params: { id: USER, roleId: ROLES.alerts }, query: {}, body: undefined }, ctx);
    assert.equal(held().includes(ROLES.alerts), false);
    assert.deepEqual(await route('/humans/:id/roles').handler({ params: { id: 'https://hook' }, query: {}, body: undefined }, ctx), [], 'not a Discord user: []');
    await assert.rejects(route('/humans/:id/roles').handler({ params: { id: '1' }, query: {}, body: undefined }, ctx), (err: unknown) => statusFor(err) === 404);
  });
});
