/**
 * `role` (Discord): self-service roles from `[[discord.role_subscriptions]]` — `role list` (or `role`) shows the
 * roles on offer and which the member holds, `role membership` the ones it holds, `role add <name>` and
 * `role remove <name>` change them (an exclusive role replaces the others of its group). Admins act for another
 * member with `user<id>`. Names are the configured descriptions, any case, or role ids.
 */
import { describeError, LookoutError } from '../../../core/errors.ts';
import type { CommandDefinition, CommandInvocation, CommandReply } from '../../../core/commands/types.ts';
import { PLATFORM_NAME } from '../incoming.ts';
import type { MemberRoleService } from './parts.ts';
import { findRole, type GuildRoleView } from './subscriptions.ts';

export const ROLE_TEXTS = {
  none: 'No roles are offered here.',
  usage: 'Use {prefix}role list | membership | add <role> | remove <role>',
  unknown: 'There is no role called `{name}`. {prefix}role list shows them.',
  added: 'You now have the role {role}.',
  removed: 'You no longer have the role {role}.',
  unchanged: 'Nothing changed: you are not in the server that offers {role}.',
  holds: 'Your roles: {roles}',
  holdsNone: 'You have none of the roles on offer.',
  notRunning: 'The Discord bot is not running.',
  failed: 'The role could not be changed: {reason}',
  discordOnly: 'Roles are Discord roles: use this command on Discord.',
} as const;

function listing(views: readonly GuildRoleView[], onlyHeld: boolean): string[] {
  return views.flatMap((view) => {
    const general = view.roles.general.filter((r) => !onlyHeld || r.set).map((r) => `${r.set ? '✅' : '▫️'} ${r.description}`);
    const exclusive = view.roles.exclusive.map((group) => group.filter((r) => !onlyHeld || r.set).map((r) => `${r.set ? '✅' : '▫️'} ${r.description}`).join(' | ')).filter((line) => line !== '');
    const lines = [...general, ...exclusive.map((line) => `(one of) ${line}`)];
    return lines.length > 0 ? [`**${view.name}**`, ...lines] : [];
  });
}

async function change(invocation: CommandInvocation, service: MemberRoleService, userId: string, name: string | undefined, add: boolean): Promise<CommandReply[]> {
  const { t, prefix } = invocation;
  if (!name) return [{ text: t(ROLE_TEXTS.usage, { prefix }), reaction: '🙅' }];
  const role = findRole(service.subscriptions, name);
  if (!role) return [{ text: t(ROLE_TEXTS.unknown, { name, prefix }), reaction: '🙅' }];
  const made = await service.set(userId, role.id, add);
  if (made.length === 0) return [{ text: t(ROLE_TEXTS.unchanged, { role: role.description }), reaction: '👌' }];
  return [{ text: made.map((c) => t(c.add ? ROLE_TEXTS.added : ROLE_TEXTS.removed, { role: c.description })).join('\n'), reaction: '✅' }];
}

export function roleCommand(service: MemberRoleService): CommandDefinition {
  return {
    name: 'role',
    async run(invocation) {
      const { t, prefix } = invocation;
      if (invocation.incoming.platform !== PLATFORM_NAME) return [{ text: t(ROLE_TEXTS.discordOnly), reaction: '🙅' }];
      if (service.subscriptions.length === 0) return [{ text: t(ROLE_TEXTS.none), reaction: '🙅' }];
      const userId = invocation.target?.id ?? invocation.incoming.sender.id;
      const [sub, ...rest] = invocation.args;
      const name = invocation.rawArgs.slice(1).join(' ') || rest.join(' ');
      try {
        if (sub === undefined || sub === 'list') {
          const lines = listing(await service.list(userId), false);
          return [{ text: lines.length > 0 ? lines.join('\n') : t(ROLE_TEXTS.none) }];
        }
        if (sub === 'membership') {
          const lines = listing(await service.list(userId), true);
          return [{ text: lines.length > 0 ? t(ROLE_TEXTS.holds, { roles: `\n${lines.join('\n')}` }) : t(ROLE_TEXTS.holdsNone) }];
        }
        if (sub === 'add' || sub === 'remove') return await change(invocation, service, userId, name || undefined, sub === 'add');
        return [{ text: t(ROLE_TEXTS.usage, { prefix }), reaction: '🙅' }];
      } catch (err) {
        if (err instanceof LookoutError && err.code === 'UNAVAILABLE') return [{ text: t(ROLE_TEXTS.notRunning), reaction: '🙅' }];
        return [{ text: t(ROLE_TEXTS.failed, { reason: describeError(err) }), reaction: '🙅' }];
      }
    },
  };
}
