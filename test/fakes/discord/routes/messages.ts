/**
 * Fake REST routes for messages: send (a reply with `message_reference`: an unknown message refused with 50035 unless
 * `fail_if_not_exists: false`, which sends it without the reference, as Discord does), read, edit and delete in a
 * channel, DM or thread, pins (`PUT|DELETE
 * /channels/:id/pins/:mid`, `GET /channels/:id/pins`), and the bot's own reactions. Refuses what Discord refuses: an unknown channel (10003) or message (10008), an empty message
 * (50006), text over 2000 characters, an embed colour that is not an integer or components Discord would refuse
 * (components.ts) (50035), a DM to a user who
 * blocks the bot (50007), a reaction where the channel's overwrites deny the bot Add Reactions (50013). A sent
 * message is also dispatched to the gateway, as Discord echoes it. Files of a multipart body become the message's
 * attachments, and an embed's `attachment://<filename>` image or thumbnail points at the attachment's CDN URL, as
 * Discord answers it.
 */
import { objectBody, optionalArray, optionalString, type Body } from '../body.ts';
import { checkComponents } from '../components.ts';
import { DISCORD_ERRORS, FakeApiError, invalidFormBody } from '../errors.ts';
import { messageJson } from '../json.ts';
import type { RouteContext, RouteSpec } from '../router.ts';
import { CHANNEL_TYPES, isThread, type FakeAttachment, type FakeChannel, type FakeMessage } from '../state.ts';

const MAX_CONTENT = 2000;
const MAX_EMBEDS = 10;
const MAX_COLOR = 0xffffff;
/** the Add Reactions permission bit */
const ADD_REACTIONS = 1n << 6n;

export function channelOf(ctx: RouteContext, id = ctx.params.channelId!): FakeChannel {
  const channel = ctx.state.channels.get(id);
  if (!channel) throw new FakeApiError(DISCORD_ERRORS.unknownChannel);
  if (channel.type === CHANNEL_TYPES.dm && ctx.bot && channel.botId !== ctx.bot.id) throw new FakeApiError(DISCORD_ERRORS.missingAccess);
  return channel;
}

function messageOf(ctx: RouteContext, channel: FakeChannel): FakeMessage {
  const message = ctx.state.messages.get(ctx.params.messageId!);
  if (!message || message.channelId !== channel.id) throw new FakeApiError(DISCORD_ERRORS.unknownMessage);
  return message;
}

/**
 * The message a send replies to: `message_reference.message_id` in the same channel; an unknown one is refused
 * (Discord's 400 50035) unless `fail_if_not_exists` is false, then the message is sent without it.
 */
function referencedOf(ctx: RouteContext, channel: FakeChannel, body: Body): string | undefined {
  const reference = body.message_reference;
  if (reference === undefined || reference === null) return undefined;
  if (typeof reference !== 'object' || Array.isArray(reference)) throw invalidFormBody('message_reference', 'must be an object');
  const { message_id: id, fail_if_not_exists: failIfMissing } = reference as Record<string, unknown>;
  if (typeof id !== 'string' || !/^\d+$/.test(id)) throw invalidFormBody('message_reference.message_id', 'value is not a snowflake');
  const found = ctx.state.messages.get(id);
  if (found && found.channelId === channel.id) return id;
  if (failIfMissing === false) return undefined;
  throw invalidFormBody('message_reference', 'Unknown message');
}

function checkEmbeds(embeds: unknown[] | undefined): unknown[] | undefined {
  embeds?.forEach((embed, i) => {
    if (typeof embed !== 'object' || embed === null || Array.isArray(embed)) throw invalidFormBody(`embeds.${i}`, 'must be an object');
    const color = (embed as Record<string, unknown>).color;
    if (color !== undefined && color !== null && !(Number.isInteger(color) && (color as number) >= 0 && (color as number) <= MAX_COLOR)) {
      throw invalidFormBody(`embeds.${i}.color`, `value ${JSON.stringify(color)} is not int`);
    }
  });
  return embeds;
}

/** content, embeds and components of a message body, checked. */
export function messageParts(body: Body): { content?: string; embeds?: unknown[]; components?: unknown[] } {
  const content = optionalString(body, 'content', MAX_CONTENT);
  const embeds = checkEmbeds(optionalArray(body, 'embeds', MAX_EMBEDS));
  const rows = optionalArray(body, 'components');
  const components = rows ? checkComponents(rows) : undefined;
  return { ...(content !== undefined ? { content } : {}), ...(embeds ? { embeds } : {}), ...(components ? { components } : {}) };
}

export function isEmpty(parts: { content?: string; embeds?: unknown[]; components?: unknown[] }): boolean {
  return !parts.content && (parts.embeds?.length ?? 0) === 0 && (parts.components?.length ?? 0) === 0;
}

function checkWritable(ctx: RouteContext, channel: FakeChannel): void {
  if (channel.type === CHANNEL_TYPES.category || channel.type === CHANNEL_TYPES.voice) {
    throw new FakeApiError({ status: 400, code: 50008, message: 'Cannot send messages in a non-text channel' });
  }
  if (channel.type === CHANNEL_TYPES.dm && channel.recipientId && ctx.state.users.get(channel.recipientId)?.dmBlocked) {
    throw new FakeApiError(DISCORD_ERRORS.cannotDm);
  }
  if (channel.locked) throw new FakeApiError({ status: 400, code: 50083, message: 'Thread is archived' });
}

/**
 * Whether the bot may react in the channel (a thread: its parent's overwrites): @everyone's overwrite (keyed by
 * the guild id), then the bot's own, each denying then allowing Add Reactions. Role overwrites are not modelled.
 */
function mayReact(ctx: RouteContext, channel: FakeChannel): boolean {
  const source = isThread(channel) && channel.parentId ? (ctx.state.channels.get(channel.parentId) ?? channel) : channel;
  let allowed = true;
  for (const id of [source.guildId, ctx.bot?.id]) {
    const overwrite = id ? source.overwrites.get(id) : undefined;
    if (!overwrite) continue;
    if (BigInt(overwrite.deny || '0') & ADD_REACTIONS) allowed = false;
    if (BigInt(overwrite.allow || '0') & ADD_REACTIONS) allowed = true;
  }
  return allowed;
}

const CDN = 'https://cdn.discordapp.com/attachments';

/** The uploaded files as attachments of a message in `channel`. */
function attachmentsOf(ctx: RouteContext, channel: FakeChannel): FakeAttachment[] {
  return ctx.files.map((file) => {
    const id = ctx.state.newId();
    return { id, filename: file.name, contentType: file.contentType, bytes: file.bytes, url: `${CDN}/${channel.id}/${id}/${file.name}` };
  });
}

/** `attachment://name` in an embed's image or thumbnail → the attachment's URL (left as written when no file has that name). */
function resolveAttachmentUrls(embeds: unknown[] | undefined, attachments: readonly FakeAttachment[]): unknown[] | undefined {
  if (!embeds || attachments.length === 0) return embeds;
  const resolve = (media: unknown): unknown => {
    if (typeof media !== 'object' || media === null) return media;
    const url = (media as { url?: unknown }).url;
    const named = typeof url === 'string' && url.startsWith('attachment://') ? attachments.find((a) => a.filename === url.slice('attachment://'.length)) : undefined;
    return named ? { ...media, url: named.url, proxy_url: named.url } : media;
  };
  return embeds.map((embed) => {
    const e = embed as Record<string, unknown>;
    return { ...e, ...(e.image ? { image: resolve(e.image) } : {}), ...(e.thumbnail ? { thumbnail: resolve(e.thumbnail) } : {}) };
  });
}

/** Dispatches MESSAGE_CREATE for a stored message (to the DM's bot only, or to every bot for a guild channel). */
export function echoMessage(ctx: RouteContext, channel: FakeChannel, message: FakeMessage): void {
  const data = { ...messageJson(message), ...(channel.type === CHANNEL_TYPES.dm ? { channel_type: CHANNEL_TYPES.dm } : {}) };
  ctx.gateway.dispatch('MESSAGE_CREATE', data, channel.botId ?? undefined);
}

export const messageRoutes: readonly RouteSpec[] = [
  {
    method: 'POST',
    pattern: '/channels/:channelId/messages',
    handle: (ctx) => {
      const channel = channelOf(ctx);
      const body = objectBody(ctx.body);
      const parts = messageParts(body);
      if (isEmpty(parts) && ctx.files.length === 0) throw new FakeApiError(DISCORD_ERRORS.cannotSendEmpty);
      checkWritable(ctx, channel);
      const referencedId = referencedOf(ctx, channel, body);
      if (channel.archived) channel.archived = false;
      const attachments = attachmentsOf(ctx, channel);
      const embeds = resolveAttachmentUrls(parts.embeds, attachments);
      const message = ctx.state.addMessage(channel, ctx.bot!, { ...parts, ...(embeds ? { embeds } : {}), attachments, ...(referencedId ? { referencedId } : {}) });
      echoMessage(ctx, channel, message);
      return { status: 200, body: messageJson(message) };
    },
  },
  {
    method: 'GET',
    pattern: '/channels/:channelId/messages',
    handle: (ctx) => {
      const limit = Math.min(100, Math.max(1, Number(ctx.query.get('limit') ?? 50) || 50));
      const messages = ctx.state.messagesIn(channelOf(ctx).id).reverse().slice(0, limit);
      return { status: 200, body: messages.map(messageJson) };
    },
  },
  {
    method: 'GET',
    pattern: '/channels/:channelId/messages/:messageId',
    handle: (ctx) => ({ status: 200, body: messageJson(messageOf(ctx, channelOf(ctx))) }),
  },
  {
    method: 'PATCH',
    pattern: '/channels/:channelId/messages/:messageId',
    handle: (ctx) => {
      const message = messageOf(ctx, channelOf(ctx));
      if (message.author.id !== ctx.bot!.id) throw new FakeApiError({ status: 403, code: 50005, message: 'Cannot edit a message authored by another user' });
      const parts = messageParts(objectBody(ctx.body));
      if (parts.content !== undefined) message.content = parts.content;
      if (parts.embeds) message.embeds = parts.embeds;
      if (parts.components) message.components = parts.components;
      message.editedAt = Date.now();
      return { status: 200, body: messageJson(message) };
    },
  },
  {
    method: 'DELETE',
    pattern: '/channels/:channelId/messages/:messageId',
    handle: (ctx) => {
      ctx.state.deleteMessage(messageOf(ctx, channelOf(ctx)).id);
      return { status: 204 };
    },
  },
  ...(['PUT', 'DELETE'] as const).map((method) => ({
    method,
    pattern: '/channels/:channelId/pins/:messageId',
    handle: (ctx: RouteContext) => {
      const channel = channelOf(ctx);
      const message = messageOf(ctx, channel);
      message.pinned = method === 'PUT';
      ctx.gateway.dispatch('CHANNEL_PINS_UPDATE', { channel_id: channel.id, ...(channel.guildId ? { guild_id: channel.guildId } : {}), last_pin_timestamp: new Date().toISOString() });
      return { status: 204 };
    },
  })),
  {
    method: 'GET',
    pattern: '/channels/:channelId/pins',
    handle: (ctx) => {
      const channel = channelOf(ctx);
      const pinned = [...ctx.state.messages.values()].filter((m) => m.channelId === channel.id && m.pinned);
      return { status: 200, body: pinned.map(messageJson) };
    },
  },
  {
    method: 'PUT',
    pattern: '/channels/:channelId/messages/:messageId/reactions/:emoji/@me',
    handle: (ctx) => {
      const channel = channelOf(ctx);
      const message = messageOf(ctx, channel);
      const emoji = ctx.params.emoji!;
      if (!emoji.trim()) throw new FakeApiError({ status: 400, code: 10014, message: 'Unknown Emoji' });
      if (!mayReact(ctx, channel)) throw new FakeApiError(DISCORD_ERRORS.missingPermissions);
      message.reactions.add(emoji);
      return { status: 204 };
    },
  },
];
