/**
 * The `discord` platform plugin module: nothing when [discord] is disabled or has no token, otherwise the bot
 * platform for `discord:user`, `discord:channel` and `discord:thread` targets, with auto-create (channel
 * templates, `[[autocreate.rules]]`, the thread picker; see README.md and docs/autocreate.md), the role check and
 * reconciliation (membership/) and self-service roles (roles/; docs/membership.md).
 */
import type { PlatformPlugin, PluginSetup } from '../../core/contract.ts';
import type { Client } from 'discord.js';
import { membershipSettings } from './membership/settings.ts';
import { discordSettings } from './settings.ts';

export { DISCORD_CONFIG as config } from './config.ts';

/** The parts that load discord.js, imported only when Discord is on (a start without it never pays for the library). */
async function discordParts() {
  const [autocreate, administration, checker, roles, platform] = await Promise.all([
    import('./autocreate/parts.ts'),
    import('./membership/administration.ts'),
    import('./membership/checker.ts'),
    import('./roles/parts.ts'),
    import('./platform.ts'),
  ]);
  return { ...autocreate, ...administration, ...checker, ...roles, ...platform };
}

export default async function discordPlatform(setup: PluginSetup): Promise<PlatformPlugin | readonly PlatformPlugin[]> {
  const settings = discordSettings(setup.config);
  if (!settings) {
    const rules = setup.config.autocreate.rules;
    if (rules.length > 0) setup.log.warn({ rules: rules.map((r) => r.name) }, 'autocreate: [[autocreate.rules]] are configured but [discord] is off (disabled or no token): they do nothing');
    return [];
  }
  const { autocreateParts, discordAdministration, DiscordMembership, roleParts, createDiscordPlatform } = await discordParts();
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
