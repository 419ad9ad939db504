/**
 * The `discord` platform plugin module: nothing when [discord] is disabled or has no token, otherwise the bot
 * platform for `discord:user`, `discord:channel` and `discord:thread` targets, with auto-create (channel
 * templates, `[[autocreate.rules]]`, the thread picker; see README.md and docs/autocreate.md), the role check and
 * reconciliation (membership/) and self-service roles (roles/; docs/membership.md).
 */
import type { PlatformPlugin, PluginSetup } from '../../core/contract.ts';
import { autocreateParts } from './autocreate/parts.ts';
import type { Client } from 'discord.js';
import { discordAdministration } from './membership/administration.ts';
import { DiscordMembership } from './membership/checker.ts';
import { membershipSettings } from './membership/settings.ts';
import { roleParts } from './roles/parts.ts';
import { createDiscordPlatform } from './platform.ts';
import { discordSettings } from './settings.ts';

export { DISCORD_CONFIG as config } from './config.ts';

export default function discordPlatform(setup: PluginSetup): PlatformPlugin | readonly PlatformPlugin[] {
  const settings = discordSettings(setup.config);
  if (!settings) {
    const rules = setup.config.autocreate.rules;
    if (rules.length > 0) setup.log.warn({ rules: rules.map((r) => r.name) }, 'autocreate: [[autocreate.rules]] are configured but [discord] is off (disabled or no token): they do nothing');
    return [];
  }
  const autocreate = autocreateParts({
    config: setup.config,
    rootDir: setup.rootDir,
    prefix: settings.prefix,
    apiBase: settings.apiUrl,
    geofences: () => setup.services.geofences(),
    log: setup.log.child({ part: 'autocreate' }),
  });
  const membershipSetup = membershipSettings(setup.config);
  const membership = membershipSetup ? new DiscordMembership(membershipSetup) : undefined;
  const roles = roleParts(setup.config.discord.role_subscriptions);
  const administration = (client: Client, userId: string) => discordAdministration(client, setup.config.discord, userId);
  const namedChannels = new Map<string, readonly string[]>([
    ['[discord] channels', setup.config.discord.channels],
    ...setup.config.area_security.communities.map((c) => [`community "${c.name}"`, c.discord.channels] as const),
  ]);
  return createDiscordPlatform(settings, { autocreate, roles, administration, namedChannels, log: setup.log.child({ platform: 'discord' }), ...(membership ? { membership } : {}) });
}
