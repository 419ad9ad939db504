/**
 * Self-service roles as the Discord platform mounts them: the `role` command and the web client's routes
 * (`GET /api/humans/{id}/roles`, `POST /api/humans/{id}/roles/add|remove/{roleId}`, PoracleWeb's shapes). They need
 * the running gateway bot: `attach` at the platform's start, `detach` at its stop; without it the routes answer 503.
 */
import type { Client } from 'discord.js';
import type { RoleSubscription } from '../../../core/config/index.ts';
import type { CommandDefinition } from '../../../core/commands/types.ts';
import { LookoutError } from '../../../core/errors.ts';
import type { ApiRoute } from '../../../core/http/api/plugin-routes.ts';
import type { PlatformHumans } from '../../../core/contract.ts';
import { TARGET_TYPES } from '../deliver.ts';
import { roleCommand } from './command.ts';
import { listMemberRoles, setMemberRole } from './member-roles.ts';
import type { GuildRoleView, RoleChange } from './subscriptions.ts';

export interface MemberRoleService {
  readonly subscriptions: readonly RoleSubscription[];
  list(userId: string): Promise<GuildRoleView[]>;
  set(userId: string, roleId: string, add: boolean): Promise<RoleChange[]>;
}

export interface RoleParts {
  readonly commands: readonly CommandDefinition[];
  readonly apiRoutes: readonly ApiRoute[];
  attach(client: Client, humans: PlatformHumans): void;
  detach(): void;
}

export function roleParts(subscriptions: readonly RoleSubscription[]): RoleParts {
  let bot: { client: Client; humans: PlatformHumans } | null = null;
  const running = (): { client: Client; humans: PlatformHumans } => {
    if (!bot || !bot.client.isReady()) throw new LookoutError('UNAVAILABLE', 'Discord bot not available', {});
    return bot;
  };
  const service: MemberRoleService = {
    subscriptions,
    list: (userId) => listMemberRoles(running().client.rest, subscriptions, userId),
    set: (userId, roleId, add) => setMemberRole(running().client.rest, subscriptions, userId, roleId, add),
  };
  /** The registered human of the route; a human of another type has no roles (answered `[]`, as before). */
  const discordUser = async (id: string): Promise<boolean> => {
    const human = await running().humans.get(id);
    if (!human) throw new LookoutError('NOT_FOUND', 'User not found', { id });
    return human.type === TARGET_TYPES.user;
  };
  const change = (add: boolean): ApiRoute['handler'] => async (request) => {
    const id = request.params.id ?? '';
    if (!(await discordUser(id))) return [];
    return { status: 'ok', result: await service.set(id, request.params.roleId ?? '', add) };
  };
  return {
    commands: [roleCommand(service)],
    apiRoutes: [
      {
        method: 'GET',
        path: '/humans/:id/roles',
        async handler(request) {
          const id = request.params.id ?? '';
          if (!(await discordUser(id))) return [];
          return { status: 'ok', guilds: await service.list(id) };
        },
      },
      { method: 'POST', path: '/humans/:id/roles/add/:roleId', handler: change(true) },
      { method: 'POST', path: '/humans/:id/roles/remove/:roleId', handler: change(false) },
    ],
    attach(client, humans) {
      bot = { client, humans };
    },
    detach() {
      bot = null;
    },
  };
}
