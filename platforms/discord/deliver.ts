/**
 * Sends one alert to a Discord user (as a DM), channel or thread through a bot's REST client — as a reply to the
 * recipient's earlier message about the same thing when the core asks (`job.replyTo`, reply chains) — edits a message
 * sent earlier in place (`edit` rules) and deletes messages sent earlier (`clean` rules). The body comes from the rendered DTS via the shared Discord message
 * builder (embed normalisation, colour integers, limits, the ping in front of the content, link buttons as
 * components). With an embed uploader (`upload_embed_images`) the first embed's image goes as a file
 * (embed-upload.ts). Never throws: every failure is an outcome (error-outcome.ts).
 */
import { DiscordAPIError, Routes } from 'discord.js';
import type { DeliveryJob, DeliveryOutcome } from '../../core/contract.ts';
import { buildDiscordMessage, isEmptyMessage, type DiscordMessage } from '../webhook/discord-message.ts';
import type { Logger } from '../../core/log/logger.ts';
import type { EmbedUploader, MessageFile } from './embed-upload.ts';
import { outcomeOfError, UNKNOWN_MESSAGE } from './error-outcome.ts';
import { messageIdOf, type DeliveryClient } from './rest-clients.ts';

export const TARGET_TYPES = { user: 'discord:user', channel: 'discord:channel', thread: 'discord:thread' } as const;

const KNOWN_TYPES: ReadonlySet<string> = new Set(Object.values(TARGET_TYPES));

/** What a bot posts: content, embeds and link buttons (`username`/`avatar_url` are for webhooks only). */
export interface BotMessageBody {
  readonly content?: string;
  readonly embeds: DiscordMessage['embeds'];
  readonly components?: DiscordMessage['components'];
  /** `{ parse: [] }` sends mentions as plain text */
  readonly allowed_mentions?: { readonly parse: readonly string[] };
  /** a reply to this message; `fail_if_not_exists: false` sends it as a plain message when that one is gone */
  readonly message_reference?: { readonly message_id: string; readonly fail_if_not_exists: boolean };
}

export function botMessageOf(message: DiscordMessage): BotMessageBody {
  return { ...(message.content ? { content: message.content } : {}), embeds: message.embeds, ...(message.components ? { components: message.components } : {}) };
}

function isSnowflake(id: string): boolean {
  return /^\d{1,20}$/.test(id);
}

/** Posts a message to a channel id, with files as a multipart upload; resolves to the new message's id. */
export async function postMessage(client: DeliveryClient, channelId: string, body: BotMessageBody, files: readonly MessageFile[] = []): Promise<string> {
  const request = files.length === 0 ? { body } : { body, files: files.map((f) => ({ name: f.name, data: f.data, contentType: f.contentType })) };
  return messageIdOf(await client.rest.post(Routes.channelMessages(channelId), request));
}

/** What a delivery may use besides the bot: the embed image uploader (`upload_embed_images` on) and its log. */
export interface DeliveryExtras {
  readonly uploader: EmbedUploader;
  readonly log: Logger;
}

/** The channel a target's messages go to: the DM channel for a user, the id itself for a channel or thread. */
function channelOf(client: DeliveryClient, target: DeliveryJob['target']): Promise<string> {
  return target.type === TARGET_TYPES.user ? client.dmChannel(target.id) : Promise.resolve(target.id);
}

/** Why a target cannot be delivered to without asking Discord, or null. */
function refusedTarget(target: DeliveryJob['target']): string | null {
  if (!KNOWN_TYPES.has(target.type)) return `target type "${target.type}" is not a Discord bot target`;
  if (!isSnowflake(target.id)) return `target id "${target.id.slice(0, 40)}" is not a Discord id`;
  return null;
}

export async function deliverJob(client: DeliveryClient, job: DeliveryJob, extras?: DeliveryExtras): Promise<DeliveryOutcome> {
  const refused = refusedTarget(job.target);
  if (refused) return { ok: false, permanent: true, reason: refused };
  const message = buildDiscordMessage(job.message.body, job.ping, job.message.buttons);
  if (isEmptyMessage(message)) return { ok: false, permanent: true, reason: 'rendered message has neither content nor an embed' };
  try {
    const channelId = await channelOf(client, job.target);
    const body = withReply(botMessageOf(message), job.replyTo);
    if (!extras) return { ok: true, messageIds: [await postMessage(client, channelId, body)] };
    const prepared = await extras.uploader.prepare(body, extras.log, job.meta.eventId);
    const messageIds = [await postMessage(client, channelId, prepared.body, prepared.files)];
    return prepared.degraded ? { ok: true, messageIds, degraded: prepared.degraded } : { ok: true, messageIds };
  } catch (err) {
    return outcomeOfError(err);
  }
}

/** The body as a reply to the last of the earlier message's ids (a bot alert is one message), when there is one. */
function withReply(body: BotMessageBody, replyTo: readonly string[] | undefined): BotMessageBody {
  const id = replyTo?.at(-1);
  return id && isSnowflake(id) ? { ...body, message_reference: { message_id: id, fail_if_not_exists: false } } : body;
}

/**
 * Replaces a message sent earlier (`edit` rules) with the job's message: `PATCH /channels/{channel}/messages/{id}`
 * with every part given, so what the new message lacks (content, components) is cleared.
 */
export async function editJob(client: DeliveryClient, job: DeliveryJob, messageIds: readonly string[]): Promise<DeliveryOutcome> {
  const refused = refusedTarget(job.target);
  if (refused) return { ok: false, permanent: true, reason: refused };
  const id = messageIds.at(-1);
  if (!id || !isSnowflake(id)) return { ok: false, permanent: true, reason: `not a Discord message id: "${(id ?? '').slice(0, 40)}"` };
  const message = buildDiscordMessage(job.message.body, job.ping, job.message.buttons);
  if (isEmptyMessage(message)) return { ok: false, permanent: true, reason: 'rendered message has neither content nor an embed' };
  try {
    const channelId = await channelOf(client, job.target);
    const body = { content: message.content ?? '', embeds: message.embeds, components: message.components ?? [] };
    return { ok: true, messageIds: [messageIdOf(await client.rest.patch(Routes.channelMessage(channelId, id), { body }))] };
  } catch (err) {
    return outcomeOfError(err);
  }
}

function isAlreadyGone(err: unknown): boolean {
  return err instanceof DiscordAPIError && err.code === UNKNOWN_MESSAGE;
}

export async function removeMessages(client: DeliveryClient, target: DeliveryJob['target'], messageIds: readonly string[]): Promise<DeliveryOutcome> {
  const refused = refusedTarget(target);
  if (refused) return { ok: false, permanent: true, reason: refused };
  try {
    const channelId = await channelOf(client, target);
    for (const id of messageIds) {
      await client.rest.delete(Routes.channelMessage(channelId, id)).catch((err: unknown) => {
        if (!isAlreadyGone(err)) throw err;
      });
    }
    return { ok: true };
  } catch (err) {
    return outcomeOfError(err);
  }
}
