/**
 * Self-service roles (`[[discord.role_subscriptions]]`), pure: per guild, roles a member adds and removes freely and
 * groups of mutually exclusive roles (holding one of a group drops the others). What a member may choose, what it
 * holds, and which role changes adding or removing one means.
 */
import type { RoleSubscription } from '../../../core/config/index.ts';

export interface RoleChoice {
  readonly description: string;
  readonly id: string;
  readonly set: boolean;
}

/** A guild's choices for one member, in the previous generation's API shape. */
export interface GuildRoleView {
  readonly name: string;
  readonly roles: { readonly exclusive: readonly (readonly RoleChoice[])[]; readonly general: readonly RoleChoice[] };
}

export interface RoleChange {
  readonly guild: string;
  readonly id: string;
  readonly description: string;
  readonly add: boolean;
}

const choices = (table: Readonly<Record<string, string>>, held: ReadonlySet<string>): RoleChoice[] =>
  Object.entries(table).map(([description, id]) => ({ description, id, set: held.has(id) }));

export function guildRoleView(subscription: RoleSubscription, guildName: string, held: ReadonlySet<string>): GuildRoleView {
  return { name: guildName, roles: { exclusive: subscription.exclusive_roles.map((group) => choices(group, held)), general: choices(subscription.roles, held) } };
}

/** Every role id a subscription offers, general and exclusive. */
export function subscriptionRoleIds(subscription: RoleSubscription): string[] {
  return [...Object.values(subscription.roles), ...subscription.exclusive_roles.flatMap((group) => Object.values(group))];
}

/** The role a member names (its description, any case, or its id) in any subscription. */
export function findRole(subscriptions: readonly RoleSubscription[], nameOrId: string): { readonly guild: string; readonly id: string; readonly description: string } | undefined {
  const wanted = nameOrId.trim().toLowerCase();
  for (const sub of subscriptions) {
    for (const table of [sub.roles, ...sub.exclusive_roles]) {
      for (const [description, id] of Object.entries(table)) {
        if (description.toLowerCase() === wanted || id === nameOrId.trim()) return { guild: sub.guild, id, description };
      }
    }
  }
  return undefined;
}

/**
 * The changes adding (or removing) role `id` in the subscription's guild means for a member holding `held`: the role
 * itself, and on adding an exclusive role the removal of the others of its group the member holds. None for a role
 * the subscription does not offer.
 */
export function roleChanges(subscription: RoleSubscription, held: ReadonlySet<string>, id: string, add: boolean): RoleChange[] {
  const guild = subscription.guild;
  const general = Object.entries(subscription.roles).find(([, roleId]) => roleId === id);
  if (general) return [{ guild, id, description: general[0], add }];
  for (const group of subscription.exclusive_roles) {
    const own = Object.entries(group).find(([, roleId]) => roleId === id);
    if (!own) continue;
    if (!add) return [{ guild, id, description: own[0], add: false }];
    const others = Object.entries(group).filter(([, roleId]) => roleId !== id && held.has(roleId));
    return [...others.map(([description, roleId]) => ({ guild, id: roleId, description, add: false })), { guild, id, description: own[0], add: true }];
  }
  return [];
}
