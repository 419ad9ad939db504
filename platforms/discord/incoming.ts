/**
 * A chat message the gateway bot saw → the IncomingCommand the core's command framework takes, or null when
 * it is not a command: written by a bot or a webhook, or not starting with [discord] prefix. The sender is an
 * admin when listed in [discord] admins; the place is a DM (`discord:user`), a channel (`discord:channel`) or a
 * thread (`discord:thread`), a registration channel when listed in [discord] channels.
 */
import type { Message } from 'discord.js';
import type { IncomingCommand } from '../../core/commands/types.ts';
import { TARGET_TYPES } from './deliver.ts';
import type { DiscordSettings } from './settings.ts';

export const PLATFORM_NAME = 'discord';

/** What matters about a message, independent of discord.js. */
export interface ChatMessageFacts {
  readonly content: string;
  readonly authorId: string;
  readonly authorName: string;
  /** written by a bot, a webhook or the system */
  readonly automated: boolean;
  readonly channelId: string;
  readonly channelName: string;
  readonly where: 'dm' | 'channel' | 'thread';
  readonly guildId: string | null;
  /** the author's role ids in the guild (none in a DM), for command security */
  readonly roles?: readonly string[];
  /** what contains the channel, innermost first: a thread's channel and category, a channel's category */
  readonly containerIds?: readonly string[];
}

export type CommandSettings = Pick<DiscordSettings, 'prefix' | 'admins' | 'registrationChannels'>;

const HUMAN_TYPES = { dm: TARGET_TYPES.user, channel: TARGET_TYPES.channel, thread: TARGET_TYPES.thread } as const;

/** Pure: the command in a message, or null. */
export function incomingCommandOf(facts: ChatMessageFacts, settings: CommandSettings): IncomingCommand | null {
  if (facts.automated || settings.prefix === '') return null;
  const text = facts.content.trim();
  if (!text.startsWith(settings.prefix)) return null;
  return {
    platform: PLATFORM_NAME,
    text,
    sender: { id: facts.authorId, name: facts.authorName, humanType: TARGET_TYPES.user, isAdmin: settings.admins.has(facts.authorId), ...(facts.roles ? { roles: facts.roles } : {}) },
    place: {
      kind: facts.where === 'dm' ? 'dm' : 'channel',
      id: facts.channelId,
      name: facts.where === 'dm' ? facts.authorName : facts.channelName,
      humanType: HUMAN_TYPES[facts.where],
      isRegistrationChannel: facts.where !== 'dm' && settings.registrationChannels.has(facts.channelId),
      ...(facts.guildId ? { guildId: facts.guildId } : {}),
      ...(facts.containerIds && facts.containerIds.length > 0 ? { containerIds: facts.containerIds } : {}),
    },
    prefixes: [settings.prefix],
  };
}

/** The author's roles in the guild without @everyone (whose id is the guild's); nothing when it holds none. */
function memberRoles(message: Message): { readonly roles?: readonly string[] } {
  const roles = message.member ? [...message.member.roles.cache.keys()].filter((id) => id !== message.guildId) : [];
  return roles.length > 0 ? { roles } : {};
}

/** The ids containing the message's channel: a thread's channel and that channel's category, a channel's category. */
function containersOf(message: Message): { readonly containerIds?: readonly string[] } {
  const channel = message.channel;
  if (channel.isDMBased()) return {};
  const ids = [channel.parentId, channel.isThread() ? channel.parent?.parentId : null].filter((id): id is string => typeof id === 'string');
  return ids.length > 0 ? { containerIds: ids } : {};
}

/** The facts of a discord.js message. */
export function factsOf(message: Message): ChatMessageFacts {
  const channel = message.channel;
  const where = channel.isDMBased() ? 'dm' : channel.isThread() ? 'thread' : 'channel';
  return {
    content: message.content,
    authorId: message.author.id,
    authorName: message.author.username,
    automated: message.author.bot || message.webhookId !== null || message.system,
    channelId: message.channelId,
    channelName: 'name' in channel && typeof channel.name === 'string' ? channel.name : '',
    where,
    guildId: message.guildId,
    ...memberRoles(message),
    ...containersOf(message),
  };
}
