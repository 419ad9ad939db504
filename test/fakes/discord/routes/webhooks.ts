/**
 * Fake REST routes for webhooks and interaction answers: create and list a channel's webhooks, read, execute
 * (`?wait=true` answers the message, `?thread_id=` posts into a thread of its channel; a webhook no application
 * owns drops the message's components unless `?with_components=true`, as Discord does), edit a message it sent
 * (`PATCH /webhooks/:id/:token/messages/:mid`, `?thread_id=` for one in a thread; another webhook's or an unknown
 * message 10008) and delete a webhook by
 * token or (with the bot's Authorization) by id, and an interaction's callback (`POST /interactions/:id/:token/callback`), follow-ups and edits of
 * its reply. Token routes need no Authorization, as on Discord.
 */
import { objectBody, optionalString, requiredString } from '../body.ts';
import { DISCORD_ERRORS, FakeApiError, invalidFormBody } from '../errors.ts';
import { messageJson, webhookJson } from '../json.ts';
import type { RouteContext, RouteSpec } from '../router.ts';
import { CHANNEL_TYPES, type FakeChannel, type FakeInteraction, type FakeWebhook } from '../state.ts';
import { channelOf, echoMessage, isEmpty, messageParts } from './messages.ts';

function webhookOf(ctx: RouteContext): FakeWebhook {
  const webhook = ctx.state.webhooks.get(ctx.params.webhookId!);
  if (!webhook || webhook.token !== ctx.params.token) throw new FakeApiError(DISCORD_ERRORS.unknownWebhook);
  return webhook;
}

/** The interaction an application id + interaction token pair names, or undefined. */
function interactionOf(ctx: RouteContext): FakeInteraction | undefined {
  for (const interaction of ctx.state.interactions.values()) {
    if (interaction.applicationId === ctx.params.webhookId && interaction.token === ctx.params.token) return interaction;
  }
  return undefined;
}

function targetChannel(ctx: RouteContext, webhook: FakeWebhook): FakeChannel {
  const threadId = ctx.query.get('thread_id');
  if (!threadId) return channelOf(ctx, webhook.channelId);
  const thread = ctx.state.channels.get(threadId);
  if (!thread || thread.parentId !== webhook.channelId) throw new FakeApiError(DISCORD_ERRORS.unknownChannel);
  return thread;
}

/** Discord keeps the components of a webhook no application owns only when the call asks with `with_components=true`. */
function keepsComponents(ctx: RouteContext, webhook: FakeWebhook): boolean {
  return webhook.creator?.bot === true || ctx.query.get('with_components') === 'true';
}

function executeWebhook(ctx: RouteContext, webhook: FakeWebhook): { status: number; body?: unknown } {
  const body = objectBody(ctx.body);
  const { components, ...rest } = messageParts(body);
  const parts = components && keepsComponents(ctx, webhook) ? { ...rest, components } : rest;
  if (isEmpty(parts)) throw new FakeApiError(DISCORD_ERRORS.cannotSendEmpty);
  const username = optionalString(body, 'username', 80) ?? webhook.name;
  const channel = targetChannel(ctx, webhook);
  const message = ctx.state.addMessage(channel, { id: webhook.id, username, bot: true }, { ...parts, webhookId: webhook.id });
  echoMessage(ctx, channel, message);
  return ctx.query.get('wait') === 'true' ? { status: 200, body: messageJson(message) } : { status: 204 };
}

/** Edits a message the webhook sent, found in its channel (or the `thread_id` thread of it); answers the message. */
function editWebhookMessage(ctx: RouteContext, webhook: FakeWebhook): { status: number; body: unknown } {
  const channel = targetChannel(ctx, webhook);
  const message = ctx.state.messages.get(ctx.params.messageId!);
  if (!message || message.channelId !== channel.id || message.webhookId !== webhook.id) throw new FakeApiError(DISCORD_ERRORS.unknownMessage);
  const { components, ...rest } = messageParts(objectBody(ctx.body));
  if (rest.content !== undefined) message.content = rest.content;
  if (rest.embeds) message.embeds = rest.embeds;
  if (components && keepsComponents(ctx, webhook)) message.components = components;
  message.editedAt = Date.now();
  return { status: 200, body: messageJson(message) };
}

/** Records a follow-up or an edit of an interaction's reply and answers it as the message it becomes. */
function interactionMessage(ctx: RouteContext, interaction: FakeInteraction): { status: number; body: unknown } {
  const body = objectBody(ctx.body);
  interaction.responses.push(body);
  const channel = channelOf({ ...ctx, bot: null }, interaction.channelId);
  const bot = ctx.state.users.get(interaction.applicationId) ?? { id: interaction.applicationId, username: 'app', bot: true };
  return { status: 200, body: messageJson(ctx.state.addMessage(channel, bot, messageParts(body))) };
}

export const webhookRoutes: readonly RouteSpec[] = [
  {
    method: 'POST',
    pattern: '/channels/:channelId/webhooks',
    handle: (ctx) => {
      const channel = channelOf(ctx);
      if (channel.type !== CHANNEL_TYPES.text && channel.type !== CHANNEL_TYPES.announcement) {
        throw new FakeApiError({ status: 400, code: 50024, message: 'Cannot execute action on this channel type' });
      }
      const body = objectBody(ctx.body);
      const name = requiredString(body, 'name', 80);
      if (/clyde|discord/i.test(name)) throw invalidFormBody('name', 'webhook names cannot contain "clyde" or "discord"');
      const creator = { id: ctx.bot!.id, username: ctx.bot!.username, bot: true };
      const webhook: FakeWebhook = { id: ctx.state.newId(), token: ctx.state.newToken(), channelId: channel.id, guildId: channel.guildId, name, avatar: null, creator };
      ctx.state.webhooks.set(webhook.id, webhook);
      return { status: 200, body: webhookJson(webhook, true) };
    },
  },
  {
    method: 'GET',
    pattern: '/channels/:channelId/webhooks',
    handle: (ctx) => {
      const channel = channelOf(ctx);
      const webhooks = [...ctx.state.webhooks.values()].filter((w) => w.channelId === channel.id);
      return { status: 200, body: webhooks.map((w) => webhookJson(w, true)) };
    },
  },
  { method: 'GET', pattern: '/webhooks/:webhookId/:token', auth: false, handle: (ctx) => ({ status: 200, body: webhookJson(webhookOf(ctx), true) }) },
  {
    method: 'POST',
    pattern: '/webhooks/:webhookId/:token',
    auth: false,
    handle: (ctx) => {
      const interaction = interactionOf(ctx);
      return interaction ? interactionMessage(ctx, interaction) : executeWebhook(ctx, webhookOf(ctx));
    },
  },
  {
    method: 'DELETE',
    pattern: '/webhooks/:webhookId',
    handle: (ctx) => {
      const webhook = ctx.state.webhooks.get(ctx.params.webhookId!);
      if (!webhook) throw new FakeApiError(DISCORD_ERRORS.unknownWebhook);
      ctx.state.webhooks.delete(webhook.id);
      return { status: 204 };
    },
  },
  {
    method: 'DELETE',
    pattern: '/webhooks/:webhookId/:token',
    auth: false,
    handle: (ctx) => {
      ctx.state.webhooks.delete(webhookOf(ctx).id);
      return { status: 204 };
    },
  },
  {
    method: 'PATCH',
    pattern: '/webhooks/:webhookId/:token/messages/:messageId',
    auth: false,
    handle: (ctx) => {
      const interaction = interactionOf(ctx);
      return interaction ? interactionMessage(ctx, interaction) : editWebhookMessage(ctx, webhookOf(ctx));
    },
  },
  {
    method: 'POST',
    pattern: '/interactions/:interactionId/:token/callback',
    auth: false,
    handle: (ctx) => {
      const interaction = ctx.state.interactions.get(ctx.params.interactionId!);
      if (!interaction || interaction.token !== ctx.params.token) throw new FakeApiError(DISCORD_ERRORS.unknownInteraction);
      if (interaction.responses.length > 0) throw new FakeApiError({ status: 400, code: 40060, message: 'Interaction has already been acknowledged.' });
      const body = objectBody(ctx.body);
      if (typeof body.type !== 'number') throw invalidFormBody('type', 'this field is required');
      interaction.responses.push(body);
      return { status: 204 };
    },
  },
];
