/**
 * The fake's records → the JSON the Discord API (v10) answers with and the gateway dispatches, with the members
 * discord.js reads when it builds its structures.
 */
import { CHANNEL_TYPES, isThread, type FakeAuthor, type FakeChannel, type FakeGuild, type FakeMessage, type FakeRole, type FakeWebhook, type FakeDiscordState } from './state.ts';

export type Json = Record<string, unknown>;

export function userJson(user: FakeAuthor): Json {
  return { id: user.id, username: user.username, global_name: null, discriminator: '0', avatar: null, bot: user.bot };
}

export function roleJson(role: FakeRole): Json {
  return { ...role, managed: false, flags: 0 };
}

function threadMetadata(channel: FakeChannel): Json {
  return {
    archived: channel.archived,
    locked: channel.locked,
    auto_archive_duration: channel.autoArchiveMinutes,
    archive_timestamp: new Date().toISOString(),
  };
}

export function channelJson(channel: FakeChannel, state: FakeDiscordState): Json {
  if (channel.type === CHANNEL_TYPES.dm) {
    const recipient = channel.recipientId ? state.users.get(channel.recipientId) : undefined;
    return { id: channel.id, type: channel.type, last_message_id: null, recipients: recipient ? [userJson(recipient)] : [] };
  }
  const base: Json = { id: channel.id, type: channel.type, guild_id: channel.guildId, name: channel.name, parent_id: channel.parentId };
  if (isThread(channel)) {
    return { ...base, owner_id: channel.ownerId, thread_metadata: threadMetadata(channel), member_count: channel.threadMembers.size, message_count: 0 };
  }
  return {
    ...base,
    position: channel.position,
    topic: channel.topic,
    nsfw: false,
    permission_overwrites: [...channel.overwrites.values()],
  };
}

export function messageJson(message: FakeMessage): Json {
  return {
    id: message.id,
    // 19 = a reply
    type: message.referencedId ? 19 : 0,
    channel_id: message.channelId,
    ...(message.guildId ? { guild_id: message.guildId } : {}),
    author: userJson(message.author),
    content: message.content,
    embeds: message.embeds,
    components: message.components,
    attachments: message.attachments.map((a) => ({ id: a.id, filename: a.filename, content_type: a.contentType, size: a.bytes.length, url: a.url, proxy_url: a.url })),
    mentions: [],
    mention_roles: [],
    mention_everyone: false,
    pinned: message.pinned,
    tts: false,
    flags: 0,
    timestamp: new Date(message.createdAt).toISOString(),
    edited_timestamp: message.editedAt === null ? null : new Date(message.editedAt).toISOString(),
    ...(message.webhookId ? { webhook_id: message.webhookId } : {}),
    ...(message.referencedId
      ? { message_reference: { type: 0, message_id: message.referencedId, channel_id: message.channelId, ...(message.guildId ? { guild_id: message.guildId } : {}) } }
      : {}),
  };
}

export function webhookJson(webhook: FakeWebhook, withToken: boolean): Json {
  return {
    id: webhook.id,
    type: 1,
    name: webhook.name,
    avatar: webhook.avatar,
    channel_id: webhook.channelId,
    guild_id: webhook.guildId,
    application_id: webhook.creator?.bot ? webhook.creator.id : null,
    ...(webhook.creator ? { user: userJson(webhook.creator) } : {}),
    ...(withToken ? { token: webhook.token } : {}),
  };
}

export function guildJson(guild: FakeGuild): Json {
  return { id: guild.id, name: guild.name, owner_id: guild.ownerId, icon: null, roles: [...guild.roles.values()].map(roleJson), features: [] };
}

/** The GUILD_CREATE a bot receives after READY: the guild with its channels, roles and active threads. */
export function guildCreateJson(guild: FakeGuild, state: FakeDiscordState): Json {
  const channels = [...state.channels.values()].filter((c) => c.guildId === guild.id);
  return {
    ...guildJson(guild),
    unavailable: false,
    member_count: guild.memberRoles.size,
    joined_at: new Date().toISOString(),
    large: false,
    channels: channels.filter((c) => !isThread(c)).map((c) => channelJson(c, state)),
    threads: channels.filter((c) => isThread(c) && !c.archived).map((c) => channelJson(c, state)),
    members: [],
    voice_states: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
  };
}

export function memberJson(user: FakeAuthor, guild: FakeGuild): Json {
  return {
    user: userJson(user),
    roles: [...(guild.memberRoles.get(user.id) ?? [])],
    joined_at: new Date().toISOString(),
    deaf: false,
    mute: false,
    flags: 0,
  };
}
