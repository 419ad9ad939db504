/**
 * The Discord role check through the real discord.js client against the fake Discord: the verdict (pure), the
 * Server Members intent requested only when a check is configured, member events under each role_check_mode
 * (delete, disable-user and back, ignore, admins untouched, another guild keeping access), the paged full pass
 * (2,500 members in three requests), its dry run, and each [reconciliation.discord] key.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { GatewayIntentBits, type Client } from 'discord.js';
import type { ReconciliationConfig, RoleCheckMode } from '../../../../core/config/index.ts';
import type { PlatformContext } from '../../../../core/contract.ts';
import { silentLogger } from '../../../../core/log/logger.ts';
import { createGatewayClient, destroyClient, loginUntilReady } from '../../../../platforms/discord/gateway.ts';
import { discordAccess } from '../../../../platforms/discord/membership/access.ts';
import { DiscordMembership, unknownRoles, unknownSubscriptionRoles } from '../../../../platforms/discord/membership/checker.ts';
import type { MembershipSettings } from '../../../../platforms/discord/membership/settings.ts';
import { startFakeDiscord, type FakeDiscord } from '../../../fakes/discord/index.ts';
import { until } from '../../../e2e/wait.ts';
import { memoryPlatformServices, type MemoryPlatformServices } from '../../../helpers/platform-context.ts';
import { unknownChannels } from '../../../../platforms/discord/start-checks.ts';
import { settingsFor, TOKEN } from '../support.ts';

const G1 = '750000000000000001';
const G2 = '750000000000000002';
const ROLE = '750000000000000100';
const ADMIN = '750000000000000009';
const RECONCILE: ReconciliationConfig['discord'] = { update_user_names: false, remove_invalid_users: true, register_new_users: false, update_channel_names: false, update_channel_notes: false, unregister_missing_channels: false };
const user = (n: number): string => `7500000000${String(n).padStart(8, '0')}`;

describe('discord access verdict', () => {
  const rules = { userRoles: [ROLE] };
  test('a user_role in any guild grants access; no role, or no guild, does not', () => {
    assert.equal(discordAccess([{ guildId: G1, roles: new Set([ROLE]) }, { guildId: G2, roles: null }], rules).hasAccess, true);
    assert.equal(discordAccess([{ guildId: G1, roles: new Set() }, { guildId: G2, roles: new Set([ROLE]) }], rules).hasAccess, true);
    assert.equal(discordAccess([{ guildId: G1, roles: new Set(['1']) }], rules).hasAccess, false);
    assert.equal(discordAccess([{ guildId: G1, roles: null }], rules).hasAccess, false);
  });
  test('without user_role, being in a guild is enough', () => {
    assert.equal(discordAccess([{ guildId: G1, roles: new Set() }], { userRoles: [] }).hasAccess, true);
    assert.equal(discordAccess([{ guildId: G1, roles: null }], { userRoles: [] }).hasAccess, false);
  });
});

interface World {
  readonly fake: FakeDiscord;
  readonly client: Client;
  readonly services: MemoryPlatformServices;
  readonly checker: DiscordMembership;
  close(): Promise<void>;
}

async function world(mode: RoleCheckMode, overrides: Partial<MembershipSettings> = {}, members = 4): Promise<World> {
  const fake = await startFakeDiscord();
  const g1 = fake.seedGuild({ id: G1, name: 'One', roles: [{ id: ROLE, name: 'Supporter' }] });
  const g2 = fake.seedGuild({ id: G2, name: 'Two' });
  for (let n = 1; n <= members; n++) {
    fake.seedUser({ id: user(n), username: `user${n}` });
    g1.memberRoles.set(user(n), new Set([ROLE]));
  }
  fake.seedUser({ id: ADMIN, username: 'oak' });
  g1.memberRoles.set(ADMIN, new Set());
  g2.memberRoles.set(user(2), new Set());
  const settings: MembershipSettings = { guilds: [G1, G2], userRoles: [ROLE], checkRole: true, intervalHours: 6, admins: new Set([ADMIN]), reconciliation: RECONCILE, lostRoleMessage: '', roleSubscriptions: [], areaSecurity: { enabled: false, strict_locations: false, communities: [] }, ...overrides };
  const client = createGatewayClient(settingsFor(fake), { membersIntent: true });
  await loginUntilReady(client, TOKEN, 10_000);
  const services = memoryPlatformServices({ mode, platform: 'discord' });
  for (const id of [user(1), user(2), user(3), ADMIN]) await services.humans.register({ id, type: 'discord:user', name: id === ADMIN ? 'oak' : `old name ${id}` });
  const ctx: PlatformContext = { ...services, log: silentLogger(), handleCommand: async () => [] };
  const checker = new DiscordMembership(settings);
  checker.start(client, ctx);
  return { fake, client, services, checker, close: async () => (checker.stop(), await destroyClient(client), await fake.close()) };
}

describe('the Server Members intent', () => {
  test('requested only with a role check', async () => {
    const fake = await startFakeDiscord();
    const plain = createGatewayClient(settingsFor(fake));
    await loginUntilReady(plain, TOKEN, 10_000);
    const checking = createGatewayClient(settingsFor(fake), { membersIntent: true });
    await loginUntilReady(checking, TOKEN, 10_000);
    const [first, second] = fake.gateway.identifies;
    assert.equal(first!.intents & GatewayIntentBits.GuildMembers, 0);
    assert.equal(second!.intents & GatewayIntentBits.GuildMembers, GatewayIntentBits.GuildMembers);
    await destroyClient(plain);
    await destroyClient(checking);
    await fake.close();
  });
});

describe('start-time checks', () => {
  test('a user_role no checked guild has, a guild the bot is not in, an unknown channel id are reported', async () => {
    const w = await world('ignore');
    try {
      assert.deepEqual(unknownRoles(w.client, [G1, G2], [ROLE]), []);
      assert.deepEqual(unknownSubscriptionRoles(w.client, [{ guild: G1, roles: { ok: ROLE, typo: '750000000000000124' }, exclusive_roles: [] }]), ['membership: role_subscriptions role 750000000000000124 is not a role of guild ' + G1]);
      const channel = w.fake.seedChannel({ guildId: G1, type: 0, name: 'register' });
      await until(() => w.client.channels.cache.has(channel.id), 'the channel cached');
      assert.deepEqual(unknownChannels(w.client, new Map([['[discord] channels', [channel.id, '750000000000000555']]])), [
        'discord: [discord] channels names channel 750000000000000555, which is not a channel of any guild the bot is in',
      ]);
      assert.deepEqual(unknownRoles(w.client, [G1, '750000000000000099'], [ROLE, '750000000000000123']), [
        'membership: the bot is not in [discord] guild 750000000000000099',
        'membership: [discord] user_role 750000000000000123 is not a role of the checked guilds',
      ]);
    } finally {
      await w.close();
    }
  });
});

describe('member events', () => {
  test('delete: losing the role removes the registration; an admin and a user keeping access elsewhere stay', async () => {
    const w = await world('delete');
    try {
      w.fake.setMemberRoles(G1, user(1), []);
      await until(() => !w.services.rows.has(user(1)), 'user 1 deleted');
      w.fake.memberLeaves(G1, ADMIN);
      w.fake.setMemberRoles(G2, user(2), [ROLE]);
      w.fake.memberLeaves(G1, user(2));
      w.fake.setMemberRoles(G1, user(3), [ROLE, '1']);
      await w.checker.checkMember(user(2));
      assert.ok(w.services.rows.has(ADMIN), 'admins are never removed');
      assert.ok(w.services.rows.has(user(2)), 'holds the role in the other guild');
      assert.match(await w.services.metrics.registry.metrics(), /lookout_membership_changes_total\{platform="discord",action="delete",dry_run="false"\} 1/);
    } finally {
      await w.close();
    }
  });

  test('a user who loses access gets lost_role_message by DM and loses its self-service roles', async () => {
    const PERK = '750000000000000200';
    const w = await world('delete', { lostRoleMessage: 'You lost access to alerts.', roleSubscriptions: [{ guild: G1, roles: { perks: PERK }, exclusive_roles: [] }] });
    try {
      w.fake.state.addRole(w.fake.state.guilds.get(G1)!, { id: PERK, name: 'Perks' });
      w.fake.setMemberRoles(G1, user(1), [PERK]);
      await until(() => !w.services.rows.has(user(1)), 'user 1 deleted');
      await until(() => w.fake.messagesIn(w.fake.dmChannelId(TOKEN, user(1))).some((m) => m.content === 'You lost access to alerts.'), 'the DM');
      await until(() => !w.fake.state.guilds.get(G1)!.memberRoles.get(user(1))?.has(PERK), 'the perk role taken back');
    } finally {
      await w.close();
    }
  });

  test('disable-user: disabled with rules kept, re-enabled when the role returns; ignore only logs', async () => {
    const w = await world('disable-user');
    try {
      w.fake.setMemberRoles(G1, user(1), []);
      await until(() => w.services.rows.get(user(1))?.adminDisable === true, 'user 1 disabled');
      assert.ok(w.services.rows.get(user(1))!.disabledDate instanceof Date);
      w.fake.setMemberRoles(G1, user(1), [ROLE]);
      await until(() => w.services.rows.get(user(1))?.adminDisable === false, 'user 1 re-enabled');
    } finally {
      await w.close();
    }
    const ignoring = await world('ignore');
    try {
      ignoring.fake.memberLeaves(G1, user(3));
      await ignoring.checker.checkMember(user(3));
      await until(async () => /action="log"/.test(await ignoring.services.metrics.registry.metrics()), 'the loss counted as logged');
      assert.equal(ignoring.services.rows.get(user(3))?.adminDisable, false);
    } finally {
      await ignoring.close();
    }
  });
});

describe('remove_invalid_users off', () => {
  test('losses are logged and kept; a return still re-enables', async () => {
    const w = await world('disable-user', { reconciliation: { ...RECONCILE, remove_invalid_users: false } });
    try {
      await w.checker.passNow();
      w.services.rows.set(user(2), { ...w.services.rows.get(user(2))!, adminDisable: true, disabledDate: new Date() });
      w.fake.setMemberRoles(G1, user(1), []);
      w.fake.memberLeaves(G1, user(3));
      await w.checker.checkMember(user(1));
      await w.checker.checkMember(user(3));
      assert.equal(w.services.rows.get(user(1))?.adminDisable, false, 'kept');
      assert.equal(w.services.rows.get(user(3))?.adminDisable, false, 'kept');
      await w.checker.checkMember(user(2));
      assert.equal(w.services.rows.get(user(2))?.adminDisable, false, 'user 2 still holds the role: re-enabled');
    } finally {
      await w.close();
    }
  });
});

describe('communities by role', () => {
  test('with area security on, the communities whose roles a member holds become its communities', async () => {
    const SECOND = '750000000000000101';
    const areaSecurity = {
      enabled: true,
      strict_locations: false,
      communities: [
        { name: 'North', allowed_areas: [], location_fence: [], discord: { channels: [], user_role: [ROLE] }, telegram: { channels: [] } },
        { name: 'South', allowed_areas: [], location_fence: [], discord: { channels: [], user_role: [SECOND] }, telegram: { channels: [] } },
      ],
    };
    const w = await world('ignore', { areaSecurity, userRoles: [ROLE, SECOND] });
    try {
      w.fake.state.addRole(w.fake.state.guilds.get(G1)!, { id: SECOND, name: 'South' });
      w.fake.setMemberRoles(G1, user(1), [ROLE, SECOND]);
      await until(() => w.services.rows.get(user(1))?.communityMembership.join() === 'north,south', 'both communities');
      w.fake.setMemberRoles(G1, user(1), [SECOND]);
      await until(() => w.services.rows.get(user(1))?.communityMembership.join() === 'south', 'only south');
    } finally {
      await w.close();
    }
  });
});

describe('the full pass', () => {
  test('pages 2,500 members in three requests; a dry run reports and writes nothing; then applies', async () => {
    const w = await world('delete', {}, 2500);
    try {
      const g1 = w.fake.state.guilds.get(G1)!;
      g1.memberRoles.set(user(1), new Set());
      g1.departed.add(user(3));
      g1.memberRoles.delete(user(3));
      await w.checker.passNow(); // the first pass starts with the checker (no earlier pass on record): let it finish
      for (const id of [user(1), user(3)]) if (!w.services.rows.has(id)) await w.services.humans.register({ id, type: 'discord:user', name: id });
      const before = w.fake.requestsMatching(`GET /guilds/${G1}/members`).length;
      const dry = await w.checker.runPass({ dryRun: true });
      assert.equal(w.fake.requestsMatching(`GET /guilds/${G1}/members`).length - before, 3);
      assert.deepEqual(dry.membership.changes.map((c) => [c.humanId, c.action]).sort(), [[user(1), 'delete'], [user(3), 'delete']]);
      assert.ok(w.services.rows.has(user(1)), 'nothing written on a dry run');
      const real = await w.checker.runPass();
      assert.equal(real.membership.changes.length, 2);
      assert.equal(w.services.rows.has(user(1)), false);
      assert.equal(w.services.rows.has(user(3)), false);
      assert.ok(w.services.rows.has(user(2)));
    } finally {
      await w.close();
    }
  });

  test('reconciliation: user names, new role holders, channel names and notes, deleted channels', async () => {
    const reconcile = { ...RECONCILE, update_user_names: true, register_new_users: true, update_channel_names: true, update_channel_notes: true, unregister_missing_channels: true };
    const w = await world('ignore', { reconciliation: reconcile }, 5);
    try {
      await w.checker.passNow(); // the first pass, started with the checker, finishes first
      const category = w.fake.seedChannel({ guildId: G1, type: 4, name: 'North' });
      const channel = w.fake.seedChannel({ guildId: G1, type: 0, name: 'hundos', parentId: category.id });
      await w.services.humans.register({ id: channel.id, type: 'discord:channel', name: 'old channel name' });
      await w.services.humans.register({ id: '750000000000000777', type: 'discord:channel', name: 'deleted channel' });
      const report = await w.checker.runPass();
      assert.equal(w.services.rows.get(user(1))?.name, 'user1', 'user names followed');
      assert.ok(w.services.rows.has(user(4)) && w.services.rows.has(user(5)), 'role holders registered');
      assert.deepEqual(report.registered, [], 'once');
      assert.equal(w.services.rows.get(user(4))?.type, 'discord:user');
      assert.equal(w.services.rows.get(channel.id)?.name, 'hundos');
      assert.equal(w.services.rows.get(channel.id)?.notes, 'North');
      assert.equal(w.services.rows.has('750000000000000777'), false, 'the deleted channel unregistered');
    } finally {
      await w.close();
    }
  });
});
