/**
 * Self-service roles on Discord: reads a member's roles and the guild's name, and gives or takes roles, through the
 * gateway bot's REST client. A guild the member is not in is skipped (10007 Unknown Member).
 */
import { Routes, type REST } from 'discord.js';
import type { RoleSubscription } from '../../../core/config/index.ts';
import { memberRolesIn } from '../membership/members.ts';
import { guildRoleView, roleChanges, type GuildRoleView, type RoleChange } from './subscriptions.ts';

/** The member's choices in every guild it is in. */
export async function listMemberRoles(rest: REST, subscriptions: readonly RoleSubscription[], userId: string): Promise<GuildRoleView[]> {
  const views: GuildRoleView[] = [];
  for (const sub of subscriptions) {
    const held = await memberRolesIn(rest, sub.guild, userId);
    if (!held) continue;
    const guild = (await rest.get(Routes.guild(sub.guild))) as { name?: string };
    views.push(guildRoleView(sub, guild.name ?? sub.guild, held));
  }
  return views;
}

/** Adds or removes a subscribable role (exclusive groups respected); the changes made, none for a role not offered. */
export async function setMemberRole(rest: REST, subscriptions: readonly RoleSubscription[], userId: string, roleId: string, add: boolean): Promise<RoleChange[]> {
  const made: RoleChange[] = [];
  for (const sub of subscriptions) {
    const held = await memberRolesIn(rest, sub.guild, userId);
    if (!held) continue;
    for (const change of roleChanges(sub, held, roleId, add)) {
      if (change.add) await rest.put(Routes.guildMemberRole(sub.guild, userId, change.id), { reason: 'role subscription' });
      else await rest.delete(Routes.guildMemberRole(sub.guild, userId, change.id), { reason: 'role subscription' });
      made.push(change);
    }
  }
  return made;
}
