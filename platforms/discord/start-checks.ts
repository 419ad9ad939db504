/**
 * Start-time checks of channel ids the configuration names (`[discord] channels`, the communities' `discord.channels`):
 * an id that is no channel of any guild the bot is in is reported, since registration there would silently never
 * work. Reads the gateway client's cache only.
 */
import type { Client } from 'discord.js';

export function unknownChannels(client: Client, named: ReadonlyMap<string, readonly string[]>): string[] {
  const known = (id: string): boolean => client.channels.cache.has(id) || [...client.guilds.cache.values()].some((g) => g.channels.cache.has(id));
  return [...named].flatMap(([key, ids]) => ids.filter((id) => id.trim() !== '' && !known(id)).map((id) => `discord: ${key} names channel ${id}, which is not a channel of any guild the bot is in`));
}
