/**
 * The `discord` platform plugin module: nothing when [discord] is disabled or has no token, otherwise the bot
 * platform for `discord:user`, `discord:channel` and `discord:thread` targets (see README.md).
 */
import type { PlatformPlugin, PluginSetup } from '../../core/contract.ts';
import { createDiscordPlatform } from './platform.ts';
import { discordSettings } from './settings.ts';

export { DISCORD_CONFIG as config } from './config.ts';

export default function discordPlatform(setup: PluginSetup): PlatformPlugin | readonly PlatformPlugin[] {
  const settings = discordSettings(setup.config);
  return settings ? createDiscordPlatform(settings) : [];
}
