/**
 * Fake REST routes for guilds, roles and members: read a guild, create and list roles
 * (`POST /guilds/:id/roles`), read a member, and give or take a member's role
 * (`PUT|DELETE /guilds/:g/members/:u/roles/:r`).
 */
import { objectBody, optionalBitfield, optionalNumber, optionalString } from '../body.ts';
import { DISCORD_ERRORS, FakeApiError } from '../errors.ts';
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
      if (!user) throw new FakeApiError(UNKNOWN_MEMBER);
      return { status: 200, body: memberJson(user, guild) };
    },
  },
  {
    method: 'PUT',
    pattern: '/guilds/:guildId/members/:userId/roles/:roleId',
    handle: (ctx) => {
      const role = roleOf(ctx);
      memberRoles(ctx).add(role.id);
      return { status: 204 };
    },
  },
  {
    method: 'DELETE',
    pattern: '/guilds/:guildId/members/:userId/roles/:roleId',
    handle: (ctx) => {
      const role = roleOf(ctx);
      memberRoles(ctx).delete(role.id);
      return { status: 204 };
    },
  },
];
