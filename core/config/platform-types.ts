/**
 * Config sections about the chat platforms and who may use them: [discord], [telegram], [reconciliation.*],
 * [area_security], [autocreate] and [alert_limits]. Part of the Config type in types.ts.
 */

export interface ReconciliationConfig {
  readonly discord: {
    readonly update_user_names: boolean;
    readonly remove_invalid_users: boolean;
    readonly register_new_users: boolean;
    readonly update_channel_names: boolean;
    readonly update_channel_notes: boolean;
    readonly unregister_missing_channels: boolean;
  };
  readonly telegram: { readonly update_user_names: boolean; readonly remove_invalid_users: boolean };
}

/** One `[[area_security.communities]]` entry: a community sharing the installation, with its own areas. */
export interface CommunityConfig {
  readonly name: string;
  /** the areas (geofence names) its members may add */
  readonly allowed_areas: readonly string[];
  /** the areas its members' alerts must lie in with strict_locations (humans.area_restriction) */
  readonly location_fence: readonly string[];
  /** Discord registration channels and the roles that grant membership */
  readonly discord: { readonly channels: readonly string[]; readonly user_role: readonly string[] };
  /** Telegram groups whose members belong to it (registration groups) */
  readonly telegram: { readonly channels: readonly string[] };
}

/** `[area_security]`: several communities on one installation, each with its own areas. */
export interface AreaSecurityConfig {
  readonly enabled: boolean;
  /** alerts reach a member only from inside its communities' location fences */
  readonly strict_locations: boolean;
  readonly communities: readonly CommunityConfig[];
}

/** One `[[discord.role_subscriptions]]` entry: the roles members of a guild may give themselves with `role`. */
export interface RoleSubscription {
  readonly guild: string;
  /** description → role id: roles a member adds and removes freely */
  readonly roles: Readonly<Record<string, string>>;
  /** groups of description → role id: a member holds at most one role of each group */
  readonly exclusive_roles: readonly Readonly<Record<string, string>>[];
}

/** One `[[discord.delegated_admins]]` / `[[discord.webhook_admins]]` / `[[telegram.delegated_admins]]` entry. */
export interface DelegatedAdmins {
  /** a channel, category or guild id (Discord), a group or channel id (Telegram), or a webhook's name */
  readonly target: string;
  /** user ids (and on Discord role ids) who administer it */
  readonly admins: readonly string[];
}

export interface DiscordConfig {
  readonly enabled: boolean;
  readonly token: readonly string[];
  readonly prefix: string;
  readonly admins: readonly string[];
  readonly guilds: readonly string[];
  readonly channels: readonly string[];
  readonly thread_keep_alive_interval_hours: number;
  readonly api_url: string;
  /** command name or alert kind → user and role ids allowed to use it (core/membership/command-security.ts) */
  readonly command_security: Readonly<Record<string, readonly string[]>>;
  /** self-service roles (the `role` command, /api/humans/{id}/roles) */
  readonly role_subscriptions: readonly RoleSubscription[];
  /** who administers which registered channels (by channel, category or guild id) */
  readonly delegated_admins: readonly DelegatedAdmins[];
  /** who administers which webhooks (by name) */
  readonly webhook_admins: readonly DelegatedAdmins[];
  /** user or role ids who may manage other users' tracking (`user<id>`) */
  readonly user_tracking_admins: readonly string[];
}

export interface TelegramConfig {
  readonly enabled: boolean;
  /** bot tokens (a single string is read as a list of one); platforms/telegram decides which bot serves what */
  readonly token: readonly string[];
  readonly admins: readonly string[];
  readonly channels: readonly string[];
  readonly api_root: string;
  /** command name or alert kind → user ids allowed to use it */
  readonly command_security: Readonly<Record<string, readonly string[]>>;
  /** who administers which registered groups and channels */
  readonly delegated_admins: readonly DelegatedAdmins[];
  /** user ids who may manage other users' tracking */
  readonly user_tracking_admins: readonly string[];
}

/** One `[[autocreate.rules]]` entry. */
export interface AutocreateRule {
  readonly name: string;
  readonly guild: string;
  readonly template: string;
  readonly filter: string;
  readonly params: readonly string[];
  readonly remove_missing: boolean;
}

export interface AutocreateConfig {
  readonly removal_safety_max_percent: number;
  readonly rules: readonly AutocreateRule[];
}

/** One `[[alert_limits.overrides]]` entry. */
export interface AlertLimitOverride {
  readonly target: string;
  readonly limit: number;
}

export interface AlertLimitsConfig {
  readonly timing_period: number;
  readonly dm_limit: number;
  readonly channel_limit: number;
  readonly max_limits_before_stop: number;
  readonly disable_on_stop: boolean;
  readonly shame_channel: string;
  readonly overrides: readonly AlertLimitOverride[];
}
