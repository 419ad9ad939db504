/**
 * The `telegram` platform plugin module: present only when [telegram] enabled is true and a token is set;
 * otherwise it contributes nothing (a token list that cannot be right stops the start: core/config/bot-tokens.ts). Reads [telegram], its own keys (config.ts), [reconciliation.telegram] and
 * [area_security] (community groups).
 */
import { readBotTokens } from '../../core/config/bot-tokens.ts';
import type { AreaSecurityConfig } from '../../core/config/index.ts';
import type { PlatformPlugin, PluginSetup } from '../../core/contract.ts';
import { TELEGRAM_CONFIG } from './config.ts';
import type { TelegramPlatformOptions } from './platform.ts';

export { TELEGRAM_CONFIG as config } from './config.ts';

/**
 * With area security on, the community groups count as registration groups and stand for their communities (the
 * previous generation's multi-community mode); off, nothing changes.
 */
function communitySetup(security: AreaSecurityConfig, channels: readonly string[]): Pick<TelegramPlatformOptions, 'communityGroups' | 'registrationChats'> {
  if (!security.enabled) return { registrationChats: channels };
  const groups = new Map<string, string[]>();
  for (const community of security.communities) for (const group of community.telegram.channels) groups.set(group, [...(groups.get(group) ?? []), community.name.toLowerCase()]);
  return { communityGroups: groups, registrationChats: [...new Set([...channels, ...groups.keys()])] };
}

export default async function telegramPlatform(setup: PluginSetup): Promise<PlatformPlugin | readonly PlatformPlugin[]> {
  const telegram = setup.config.telegram;
  if (!telegram.enabled) return [];
  const own = TELEGRAM_CONFIG.read(setup.config);
  const tokens = readBotTokens('telegram', telegram.token, own.telegram.command_token);
  if (!tokens) {
    setup.log.warn('[telegram] enabled is true but no token is set; Telegram is not started');
    return [];
  }
  // grammy is imported only when Telegram is on
  const { createTelegramPlatform } = await import('./platform.ts');
  return createTelegramPlatform({
    tokens: tokens.delivery,
    ...(tokens.command ? { commandToken: tokens.command } : {}),
    uploadImages: own.telegram.upload_images,
    apiRoot: telegram.api_root,
    admins: telegram.admins,
    discordPrefix: setup.config.discord.prefix,
    concurrency: own.tuning.concurrent_telegram_destinations,
    checkRole: own.telegram.check_role,
    checkRoleIntervalHours: own.telegram.check_role_interval,
    goodbyeMessage: own.telegram.bot_goodbye_message,
    reconciliation: setup.config.reconciliation.telegram,
    delegation: telegram,
    ...communitySetup(setup.config.area_security, telegram.channels),
    log: setup.log.child({ platform: 'telegram' }),
  });
}
