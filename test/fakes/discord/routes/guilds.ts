/**
 * Fake REST routes for guilds, roles and members: read a guild, create and list roles
 * (`POST /guilds/:id/roles`), read a member (10007 once it left), list members in pages (`GET
 * /guilds/:id/members?limit&after`), and give or take a member's role
 * (`PUT|DELETE /guilds/:g/members/:u/roles/:r`).
 */
import { objectBody, optionalBitfield, optionalNumber, optionalString } from '../body.ts';
import { DISCORD_ERRORS, FakeApiError, invalidFormBody } from '../errors.ts';
import { guildJson, memberJson, roleJson } from '../json.ts';
import type { RouteContext, RouteSpec } from '../router.ts';
import type { FakeRole } from '../state.ts';
import { guildOf } from './channels.ts';

const UNKNOWN_MEMBER = { status: 404, code: 10007, message: 'Unknown Member' } as const;

function roleOf(ctx: RouteContext): FakeRole {
  const role = guildOf(ctx).roles.get(ctx.params.roleId!);
  if (!role) throw new FakeApiError(DISCORD_ERRORS.unknownRole);
  return role;
}

function memberRoles(ctx: RouteContext): Set<string> {
  const guild = guildOf(ctx);
  const userId = ctx.params.userId!;
  if (!ctx.state.users.has(userId)) throw new FakeApiError(UNKNOWN_MEMBER);
  let roles = guild.memberRoles.get(userId);
  if (!roles) {
    roles = new Set();
    guild.memberRoles.set(userId, roles);
  }
  return roles;
}

/** GUILD_MEMBER_UPDATE after a role change, as Discord sends it (to bots with the members intent). */
function announceMember(ctx: RouteContext): void {
  const guild = guildOf(ctx);
  const user = ctx.state.users.get(ctx.params.userId!);
  if (user) ctx.gateway.dispatch('GUILD_MEMBER_UPDATE', { ...memberJson(user, guild), guild_id: guild.id });
}

export const guildRoutes: readonly RouteSpec[] = [
  { method: 'GET', pattern: '/guilds/:guildId', handle: (ctx) => ({ status: 200, body: guildJson(guildOf(ctx)) }) },
  { method: 'GET', pattern: '/guilds/:guildId/roles', handle: (ctx) => ({ status: 200, body: [...guildOf(ctx).roles.values()].map(roleJson) }) },
  {
    method: 'POST',
    pattern: '/guilds/:guildId/roles',
    handle: (ctx) => {
      const guild = guildOf(ctx);
      const body = objectBody(ctx.body);
      const role = ctx.state.addRole(guild, {
        name: optionalString(body, 'name', 100) ?? 'new role',
        color: optionalNumber(body, 'color') ?? 0,
        permissions: optionalBitfield(body, 'permissions') ?? '0',
        hoist: body.hoist === true,
        mentionable: body.mentionable === true,
      });
      ctx.gateway.dispatch('GUILD_ROLE_CREATE', { guild_id: guild.id, role: roleJson(role) });
      return { status: 200, body: roleJson(role) };
    },
  },
  {
    method: 'GET',
    pattern: '/guilds/:guildId/members/:userId',
    handle: (ctx) => {
      const guild = guildOf(ctx);
      const user = ctx.state.users.get(ctx.params.userId!);
      if (!user || guild.departed.has(user.id)) throw new FakeApiError(UNKNOWN_MEMBER);
      return { status: 200, body: memberJson(user, guild) };
    },
  },
  {
    method: 'GET',
    pattern: '/guilds/:guildId/members',
    handle: (ctx) => {
      // Discord's paged member list: ordered by user id, after `after`, at most `limit` (1–1000, default 1)
      const guild = guildOf(ctx);
      const limit = Number(ctx.query.get('limit') ?? '1');
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw invalidFormBody('limit', 'must be between 1 and 1000');
      const after = BigInt(ctx.query.get('after') ?? '0');
      const ids = [...guild.memberRoles.keys()].filter((id) => !guild.departed.has(id) && BigInt(id) > after).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
      const users = ids.slice(0, limit).flatMap((id) => {
        const user = ctx.state.users.get(id);
        return user ? [memberJson(user, guild)] : [];
      });
      return { status: 200, body: users };
    },
  },
  {
    method: 'PUT',
    pattern: '/guilds/:guildId/members/:userId/roles/:roleId',
    handle: (ctx) => {
      const role = roleOf(ctx);
      memberRoles(ctx).add(role.id);
      announceMember(ctx);
      return { status: 204 };
    },
  },
  {
    method: 'DELETE',
    pattern: '/guilds/:guildId/members/:userId/roles/:roleId',
    handle: (ctx) => {
      const role = roleOf(ctx);
      memberRoles(ctx).delete(role.id);
      announceMember(ctx);
      return { status: 204 };
    },
  },
];
