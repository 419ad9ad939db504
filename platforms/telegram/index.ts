/**
 * The `telegram` platform plugin module: present only when [telegram] enabled is true and a token is set;
 * otherwise it contributes nothing. Reads [telegram], its own keys (config.ts) and [reconciliation.telegram].
 */
import type { PlatformPlugin, PluginSetup } from '../../core/contract.ts';
import { TELEGRAM_CONFIG } from './config.ts';
import { createTelegramPlatform } from './platform.ts';

export { TELEGRAM_CONFIG as config } from './config.ts';

export default function telegramPlatform(setup: PluginSetup): PlatformPlugin | readonly PlatformPlugin[] {
  const telegram = setup.config.telegram;
  if (!telegram.enabled) return [];
  if (telegram.token.trim() === '') {
    setup.log.warn('[telegram] enabled is true but no token is set; Telegram is not started');
    return [];
  }
  const own = TELEGRAM_CONFIG.read(setup.config);
  return createTelegramPlatform({
    token: telegram.token.trim(),
    apiRoot: telegram.api_root,
    admins: telegram.admins,
    registrationChats: telegram.channels,
    discordPrefix: setup.config.discord.prefix,
    concurrency: own.tuning.concurrent_telegram_destinations,
    checkRole: own.telegram.check_role,
    checkRoleIntervalHours: own.telegram.check_role_interval,
    goodbyeMessage: own.telegram.bot_goodbye_message,
    reconciliation: setup.config.reconciliation.telegram,
    delegation: telegram,
    log: setup.log.child({ platform: 'telegram' }),
  });
}
