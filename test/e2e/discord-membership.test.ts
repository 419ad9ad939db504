/**
 * The Discord role check end to end, on each database engine: a registered user with a rule loses the gating role
 * on the fake guild (a GUILD_MEMBER_UPDATE the real discord.js client receives with the Server Members intent);
 * under `disable-user` the registration is disabled with its rules kept, and re-enabled when the role returns
 * (with area security on, a community's role gates access and makes the member part of that community); the change
 * is counted in /metrics; the full pass runs on demand (dry run); registering in a community's channel joins it.
 * Also getAdministrationRoles.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { PASS_FILE } from '../../core/membership/periodic-pass.ts';
import { forEachDatabase, openTestDatabase } from '../helpers/databases.ts';
import { fixtureGameData, monsterRow } from '../plugins/monster/support.ts';
import { DC, TG } from './chat-world.ts';
import { e2e } from './harness.ts';
import { until } from './wait.ts';

const SUPPORTER = '710000000000000500';

describe('discord role check end to end', () => {
  test('losing the role disables (rules kept), the role back re-enables', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, {
          gameData: await fixtureGameData(),
          chat: true,
          config: {
            processor: { host: '127.0.0.1', port: 0, api_secret: 'check' },
            general: { role_check_mode: 'disable-user' },
            discord: { check_role: true, guilds: [DC.guild] },
            // with area security on, the communities' roles gate access and decide the member's communities
            area_security: { enabled: true, communities: [{ name: 'Town', allowed_areas: ['Old Town'], location_fence: ['Old Town'], discord: { channels: [DC.alerts], user_role: [SUPPORTER] } }] },
          },
        });
        const { discord } = s.chat;
        const guild = discord.state.guilds.get(DC.guild)!;
        discord.state.addRole(guild, { id: SUPPORTER, name: 'Supporter' });
        guild.memberRoles.set(DC.user, new Set([SUPPORTER]));
        try {
          await s.addHuman({ id: DC.user, type: 'discord:user', name: 'ash', area: ['old town'] });
          const { uid: _uid, ...rule } = monsterRow(DC.user, {});
          await s.addRule('monsters', rule);
          // a full pass finished a moment ago, so none starts with the service and races the member events below
          mkdirSync(join(s.rootDir, dirname(PASS_FILE)), { recursive: true });
          writeFileSync(join(s.rootDir, PASS_FILE), JSON.stringify({ discord: new Date().toISOString() }));
          await s.start();
          const human = () => db.knex('humans').where({ id: DC.user }).first();
          discord.setMemberRoles(DC.guild, DC.user, []);
          await until(async () => (await human())?.admin_disable === 1 || (await human())?.admin_disable === true, 'the registration disabled');
          assert.notEqual((await human())?.disabled_date, null);
          assert.equal((await db.knex('monsters').where({ id: DC.user })).length, 1, 'rules kept');
          discord.setMemberRoles(DC.guild, DC.user, [SUPPORTER]);
          await until(async () => Number((await human())?.admin_disable) === 0, 'the registration re-enabled');
          assert.equal((await human())?.disabled_date, null);
          await until(async () => (await human())?.community_membership === '["town"]', 'the community of the role');
          assert.equal((await human())?.area_restriction, '["old town"]');
          const metrics = await (await fetch(`${s.baseUrl}/metrics`)).text();
          assert.match(metrics, /lookout_membership_changes_total\{platform="discord",action="disable",dry_run="false"\} 1/);
          assert.match(metrics, /lookout_membership_changes_total\{platform="discord",action="enable",dry_run="false"\} 1/);

          // the full pass on demand: a dry run reports the user who lost the role and changes nothing
          discord.state.guilds.get(DC.guild)!.memberRoles.set(DC.user, new Set());
          const check = async (body: unknown) => fetch(`${s.baseUrl}/api/membership/check`, { method: 'POST', headers: { 'x-service-secret': 'check', 'content-type': 'application/json' }, body: JSON.stringify(body) });
          const dry = await check({ dry_run: true });
          assert.equal(dry.status, 200);
          const report = (await dry.json()) as { dryRun: boolean; platforms: { discord: { checked: number; membership: { changes: { humanId: string; action: string }[] } } } };
          assert.equal(report.dryRun, true);
          assert.deepEqual(report.platforms.discord.membership.changes.map((c) => [c.humanId, c.action]), [[DC.user, 'disable']]);
          assert.equal(Number((await human())?.admin_disable), 0, 'a dry run changes nothing');
          assert.equal((await check({ platform: 'telegram' })).status, 404, 'no role check on Telegram here');

          // registering in the community's channel (not a [discord] channels one) joins the community
          const NEWCOMER = '710000000000000012';
          discord.seedUser({ id: NEWCOMER, username: 'brock' });
          guild.memberRoles.set(NEWCOMER, new Set([SUPPORTER]));
          const answer = await s.chat.discordSays(DC.alerts, NEWCOMER, '!service');
          assert.equal(answer.reaction, '✅');
          const newcomer = await db.knex('humans').where({ id: NEWCOMER }).first();
          assert.equal(newcomer?.community_membership, '["town"]');
          assert.equal(newcomer?.area_restriction, '["old town"]');
        } finally {
          await s.stop();
        }
      },
      { migrate: true },
    );
  });
});

describe('getAdministrationRoles', () => {
  test('what a user administers by delegation, per platform, by id or by role', async () => {
    const db = await openTestDatabase('sqlite', { migrate: true });
    const MOD = '710000000000000600';
    const s = await e2e(db, {
      gameData: await fixtureGameData(),
      chat: true,
      config: {
        processor: { host: '127.0.0.1', port: 0, api_secret: 'admin-roles' },
        discord: {
          guilds: [DC.guild],
          delegated_admins: [{ target: DC.alerts, admins: [DC.user] }, { target: DC.guild, admins: [MOD] }],
          webhook_admins: [{ target: 'Raid Hook', admins: [MOD] }],
          user_tracking_admins: [DC.user],
        },
        telegram: { delegated_admins: [{ target: String(TG.alertGroup), admins: [String(TG.user)] }] },
      },
    });
    const guild = s.chat.discord.state.guilds.get(DC.guild)!;
    s.chat.discord.state.addRole(guild, { id: MOD, name: 'Moderators' });
    guild.memberRoles.set(DC.admin, new Set([MOD]));
    try {
      for (const [id, type] of [[DC.user, 'discord:user'], [DC.admin, 'discord:user'], [String(TG.user), 'telegram:user']] as const) await s.addHuman({ id, type, name: id });
      await s.start();
      const roles = async (id: string) => {
        const res = await fetch(`${s.baseUrl}/api/humans/${id}/getAdministrationRoles`, { headers: { 'x-service-secret': 'admin-roles' } });
        return { status: res.status, body: (await res.json()) as { status: string; admin: Record<string, { channels: string[]; webhooks?: string[]; users: boolean }> } };
      };
      const user = await roles(DC.user);
      assert.equal(user.status, 200);
      assert.deepEqual(user.body.admin.discord, { channels: [DC.alerts], webhooks: [], users: true });
      assert.deepEqual(user.body.admin.telegram, { channels: [], users: false });
      const mod = await roles(DC.admin);
      assert.deepEqual([...mod.body.admin.discord!.channels].sort(), [DC.alerts, DC.register].sort(), 'a guild target: its channels, by role');
      assert.deepEqual(mod.body.admin.discord!.webhooks, ['Raid Hook']);
      assert.deepEqual((await roles(String(TG.user))).body.admin.telegram, { channels: [String(TG.alertGroup)], users: false });
      assert.equal((await roles('123')).status, 404);
    } finally {
      await s.stop();
      await db.cleanup();
    }
  });
});
