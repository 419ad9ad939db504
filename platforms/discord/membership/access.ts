/**
 * Whether a Discord user still has access, pure: from its membership in each checked guild (its roles there, or
 * null when it is not a member). With `[discord] user_role` set, access needs one of those roles in some guild;
 * without, being in a guild is enough. (Whether a loss is acted on is `[reconciliation.discord]
 * remove_invalid_users`: see checker.ts.)
 */
import type { AccessVerdict } from '../../../core/membership/index.ts';

export interface GuildMembership {
  readonly guildId: string;
  /** the member's role ids there; null: not a member */
  readonly roles: ReadonlySet<string> | null;
}

export interface AccessRules {
  readonly userRoles: readonly string[];
}

export function discordAccess(memberships: readonly GuildMembership[], rules: AccessRules): AccessVerdict {
  const present = memberships.filter((m) => m.roles !== null);
  if (present.length === 0) return { hasAccess: false, reason: `not in any checked guild (${memberships.map((m) => m.guildId).join(', ')})` };
  if (rules.userRoles.length === 0) return { hasAccess: true, reason: `member of guild ${present[0]!.guildId}` };
  const holding = present.find((m) => rules.userRoles.some((role) => m.roles!.has(role)));
  return holding ? { hasAccess: true, reason: `holds a user_role in guild ${holding.guildId}` } : { hasAccess: false, reason: `holds none of user_role (${rules.userRoles.join(', ')})` };
}

/** The roles of a user across the checked guilds, for command security. */
export function rolesOf(memberships: readonly GuildMembership[]): string[] {
  return memberships.flatMap((m) => [...(m.roles ?? [])]);
}
