/**
 * The Discord platform's settings, read from the configuration once: the bot tokens (none or `enabled = false`
 * means no platform), where the API is, the command prefix, admins, registration channels and delivery
 * concurrency. Pure.
 */
import { readBotTokens } from '../../core/config/bot-tokens.ts';
import type { Config } from '../../core/config/index.ts';
import { DISCORD_CONFIG } from './config.ts';

export interface DiscordSettings {
  /** the delivery bots' tokens ([discord] token); without `commandToken` the first also runs the gateway (commands) */
  readonly tokens: readonly string[];
  /** [discord] command_token: a separate gateway bot for commands, membership and roles; the `tokens` only deliver */
  readonly commandToken?: string;
  /** [discord] upload_embed_images: the first embed's image is downloaded and sent as an attachment */
  readonly uploadEmbedImages?: boolean;
  /** discord.js `rest.api`: the API base without the version (`https://discord.com/api`) */
  readonly apiUrl: string;
  readonly prefix: string;
  /** user ids listed in [discord] admins */
  readonly admins: ReadonlySet<string>;
  /** channel ids listed in [discord] channels: users register there */
  readonly registrationChannels: ReadonlySet<string>;
  /** destinations delivered to in parallel ([tuning] concurrent_discord_destinations) */
  readonly concurrency: number;
  /** how long start() waits for the gateway to be ready */
  readonly readyTimeoutMs: number;
  /**
   * a rate limit longer than this is handed back to the delivery queue as a transient outcome instead of being
   * waited out inside discord.js; undefined = discord.js always waits (nothing is lost)
   */
  readonly handBackRateLimitsOverMs?: number;
}

export const DEFAULT_READY_TIMEOUT_MS = 60_000;

/** `https://discord.com/api/v10/` → `https://discord.com/api`: discord.js appends the version itself. */
export function restApiBase(apiUrl: string): string {
  return apiUrl.trim().replace(/\/+$/, '').replace(/\/v\d+$/, '');
}

/**
 * The settings, or null when the platform is off: `[discord] enabled = false` or no non-blank token. A token list
 * that cannot be right (a bot twice, a command token among the delivery tokens) throws ConfigError.
 */
export function discordSettings(config: Config): DiscordSettings | null {
  const discord = config.discord;
  if (!discord.enabled) return null;
  const own = DISCORD_CONFIG.read(config);
  const tokens = readBotTokens('discord', discord.token, own.discord.command_token);
  if (!tokens) return null;
  return {
    tokens: tokens.delivery,
    ...(tokens.command ? { commandToken: tokens.command } : {}),
    uploadEmbedImages: own.discord.upload_embed_images,
    apiUrl: restApiBase(discord.api_url),
    prefix: discord.prefix,
    admins: new Set(discord.admins),
    registrationChannels: new Set(discord.channels),
    concurrency: own.tuning.concurrent_discord_destinations,
    readyTimeoutMs: DEFAULT_READY_TIMEOUT_MS,
  };
}
