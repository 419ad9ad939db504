/**
 * What a test makes happen on the fake Discord, as gateway dispatches: a user (or another bot) writes a message
 * (MESSAGE_CREATE, with `channel_type: 1` in DMs and the member in guilds), or clicks a button
 * (INTERACTION_CREATE with the members discord.js insists on). Input is checked so a test cannot make the
 * fake send a payload that would crash the client.
 */
import { memberJson, messageJson, userJson, type Json } from './json.ts';
import { isSnowflake } from './snowflake.ts';
import { CHANNEL_TYPES, type FakeChannel, type FakeDiscordState, type FakeInteraction, type FakeMessage } from './state.ts';

export interface UserSays {
  readonly channelId: string;
  /** must be the channel's guild when given */
  readonly guildId?: string;
  readonly authorId: string;
  readonly content: string;
  /** the author is a bot */
  readonly bot?: boolean;
  readonly username?: string;
}

export interface ButtonClick {
  readonly channelId: string;
  readonly guildId?: string;
  readonly userId: string;
  readonly customId: string;
  /** the message carrying the button; default the channel's latest message */
  readonly messageId?: string;
}

export interface Dispatch {
  readonly event: string;
  readonly data: Json;
  /** only the sessions of this bot receive it; undefined = every bot */
  readonly toBotId?: string;
}

function channelFor(state: FakeDiscordState, channelId: string, guildId: string | undefined): FakeChannel {
  const channel = state.channels.get(channelId);
  if (!channel) throw new TypeError(`fake discord: unknown channel ${channelId}; seed it first`);
  if (guildId !== undefined && channel.guildId !== guildId) throw new TypeError(`fake discord: channel ${channelId} is not in guild ${guildId}`);
  return channel;
}

function checkUserId(id: string): void {
  if (!isSnowflake(id)) throw new TypeError(`fake discord: user id must be a numeric string, got ${JSON.stringify(id)}`);
}

/** Stores the message and returns it with the MESSAGE_CREATE that announces it. */
export function userMessage(state: FakeDiscordState, input: UserSays): { message: FakeMessage; dispatch: Dispatch } {
  checkUserId(input.authorId);
  if (typeof input.content !== 'string') throw new TypeError('fake discord: content must be a string');
  const channel = channelFor(state, input.channelId, input.guildId);
  const known = state.users.get(input.authorId);
  const user = known && input.username === undefined && input.bot === undefined ? known : state.addUser({ id: input.authorId, ...(input.username ? { username: input.username } : {}), ...(input.bot !== undefined ? { bot: input.bot } : {}) });
  const message = state.addMessage(channel, user, { content: input.content });
  const guild = channel.guildId ? state.guilds.get(channel.guildId) : undefined;
  const data: Json = { ...messageJson(message), channel_type: channel.type, ...(guild ? { member: memberJson(user, guild) } : {}) };
  return { message, dispatch: { event: 'MESSAGE_CREATE', data, ...(channel.botId ? { toBotId: channel.botId } : {}) } };
}

function buttonMessage(state: FakeDiscordState, channel: FakeChannel, messageId: string | undefined, botId: string): Json {
  const message = messageId ? state.messages.get(messageId) : state.messagesIn(channel.id).at(-1);
  if (messageId && (!message || message.channelId !== channel.id)) throw new TypeError(`fake discord: unknown message ${messageId} in channel ${channel.id}`);
  if (message) return messageJson(message);
  const bot = state.users.get(botId) ?? { id: botId, username: 'bot', bot: true };
  return messageJson(state.addMessage(channel, bot, { content: '' }));
}

/** Stores the interaction and returns it with the INTERACTION_CREATE for the bot (application) `botId`. */
export function buttonInteraction(state: FakeDiscordState, input: ButtonClick, botId: string): { interaction: FakeInteraction; dispatch: Dispatch } {
  checkUserId(input.userId);
  const channel = channelFor(state, input.channelId, input.guildId);
  const user = state.ensureUser(input.userId);
  const interaction: FakeInteraction = { id: state.newId(), token: state.newToken(), applicationId: botId, channelId: channel.id, userId: user.id, customId: input.customId, responses: [] };
  state.interactions.set(interaction.id, interaction);
  const guild = channel.guildId ? state.guilds.get(channel.guildId) : undefined;
  const data: Json = {
    id: interaction.id,
    application_id: botId,
    type: 3,
    token: interaction.token,
    version: 1,
    data: { custom_id: input.customId, component_type: 2 },
    message: buttonMessage(state, channel, input.messageId, botId),
    channel_id: channel.id,
    channel: { id: channel.id, type: channel.type },
    app_permissions: '0',
    locale: 'en-US',
    entitlements: [],
    authorizing_integration_owners: {},
    context: guild ? 0 : 1,
    ...(guild ? { guild_id: guild.id, guild_locale: 'en-US', member: { ...memberJson(user, guild), permissions: '0' } } : { user: userJson(user) }),
  };
  return { interaction, dispatch: { event: 'INTERACTION_CREATE', data, toBotId: botId } };
}
