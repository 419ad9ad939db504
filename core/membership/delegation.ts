/**
 * Delegated administration (`[[discord.delegated_admins]]`, `[[discord.webhook_admins]]`,
 * `[discord] user_tracking_admins` and Telegram's `delegated_admins` / `user_tracking_admins`), pure: users — or on
 * Discord holders of a role — who administer some registered channels (named by the channel, its category or its
 * guild), some webhooks (by name) or other users' tracking, without being full admins.
 */
import type { IncomingCommand } from '../commands/types.ts';
import type { Config } from '../config/index.ts';
import type { Human } from '../model.ts';
import { namesPrincipal, platformSection, type Principal } from './platform-section.ts';


/** Whether `who` administers the channel `channelId`, directly or through one of its containers (category, guild). */
export function administersChannel(config: Config, platform: string, who: Principal, channelId: string, containers: readonly string[] = []): boolean {
  const section = platformSection(config, platform);
  if (!section) return false;
  const ids = new Set([channelId, ...containers]);
  return section.delegated_admins.some((d) => ids.has(d.target) && namesPrincipal(d.admins, who));
}

/** Whether `who` administers the webhook registered under `name` (Discord's webhook_admins; names compare without case). */
export function administersWebhook(config: Config, who: Principal, name: string): boolean {
  return config.discord.webhook_admins.some((d) => d.target.toLowerCase() === name.toLowerCase() && namesPrincipal(d.admins, who));
}

/** Whether `who` may manage other users' tracking. */
export function administersUsers(config: Config, platform: string, who: Principal): boolean {
  const section = platformSection(config, platform);
  return section !== null && namesPrincipal(section.user_tracking_admins, who);
}

/**
 * Whether the sender of a command may act for `human` by delegation: a channel it administers (the place it typed
 * in, with its containers, or a channel named with `name:`/`user:`), a webhook it administers, or a user when it
 * manages users' tracking.
 */
export function delegatedFor(config: Config, incoming: IncomingCommand, human: Human): boolean {
  const who = incoming.sender;
  const platform = incoming.platform;
  if (human.type === 'webhook') return administersWebhook(config, who, human.name);
  if (human.type.endsWith(':user')) return human.id !== who.id && administersUsers(config, platform, who);
  const here = human.id === incoming.place.id;
  return administersChannel(config, platform, who, human.id, here ? [...(incoming.place.containerIds ?? []), ...(incoming.place.guildId ? [incoming.place.guildId] : [])] : []);
}
