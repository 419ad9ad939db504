/**
 * Config sections about the chat platforms and what is delivered to them: [discord], [telegram],
 * [reconciliation.*], [autocreate] and [alert_limits]. Part of the Config type in types.ts.
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

export interface DiscordConfig {
  readonly enabled: boolean;
  readonly token: readonly string[];
  readonly prefix: string;
  readonly admins: readonly string[];
  readonly guilds: readonly string[];
  readonly channels: readonly string[];
  readonly thread_keep_alive_interval_hours: number;
  readonly api_url: string;
}

export interface TelegramConfig {
  readonly enabled: boolean;
  readonly token: string;
  readonly admins: readonly string[];
  readonly channels: readonly string[];
  readonly api_root: string;
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
