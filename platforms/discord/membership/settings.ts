/**
 * The Discord role check's settings, read once: which guilds are checked (`[discord] guilds`, or every guild the bot
 * is in when empty), the roles that grant access (`user_role`), the periodic pass (`check_role`,
 * `check_role_interval`) and `[reconciliation.discord]`. Null when nothing asks for member data — then the
 * privileged Server Members intent is not requested either.
 */
import type { AreaSecurityConfig, Config, ReconciliationConfig, RoleSubscription } from '../../../core/config/index.ts';
import { communityRoles } from '../../../core/membership/index.ts';
import { DISCORD_CONFIG } from '../config.ts';

export interface MembershipSettings {
  readonly guilds: readonly string[];
  readonly userRoles: readonly string[];
  /** run the periodic full pass */
  readonly checkRole: boolean;
  readonly intervalHours: number;
  readonly admins: ReadonlySet<string>;
  readonly reconciliation: ReconciliationConfig['discord'];
  /** sent by DM to a user whose registration the check deleted or disabled ('' = none) */
  readonly lostRoleMessage: string;
  /** self-service roles, taken back from a user who lost access */
  readonly roleSubscriptions: readonly RoleSubscription[];
  /** [area_security]: with it on, the communities' `discord.user_role` grant access and decide membership */
  readonly areaSecurity: AreaSecurityConfig;
}

export function membershipSettings(config: Config): MembershipSettings | null {
  const own = DISCORD_CONFIG.read(config).discord;
  const reconciliation = config.reconciliation.discord;
  if (!own.check_role && !reconciliation.register_new_users) return null;
  return {
    guilds: config.discord.guilds.filter((g) => g.trim() !== ''),
    // with area security on, the communities' roles grant access instead of [discord] user_role (as before)
    userRoles: config.area_security.enabled ? communityRoles(config.area_security) : own.user_role.filter((r) => r.trim() !== ''),
    checkRole: own.check_role,
    intervalHours: own.check_role_interval,
    admins: new Set(config.discord.admins),
    reconciliation,
    lostRoleMessage: own.lost_role_message,
    roleSubscriptions: config.discord.role_subscriptions,
    areaSecurity: config.area_security,
  };
}
