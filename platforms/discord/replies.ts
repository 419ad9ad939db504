/**
 * Sends the command framework's answers back to Discord, in order: `text` split into 2000-character pieces on
 * line ends, `reaction` on the user's message, `message` (a rendered DTS body) built like an alert, and
 * `direct` answers to the user's DM instead of where the command was typed. Replies never ping anyone. One
 * failed reply (the user blocks DMs) is logged and the others still go out; a reaction the bot may not add
 * (no Add Reactions permission in the channel: 403, code 50013) is logged at info and its reply's text and
 * message still go out.
 */
import { DiscordAPIError, Routes } from 'discord.js';
import type { CommandReply } from '../../core/commands/types.ts';
import { describeError } from '../../core/errors.ts';
import type { Logger } from '../../core/log/logger.ts';
import { buildDiscordMessage, isEmptyMessage } from '../webhook/discord-message.ts';
import { botMessageOf, postMessage, type BotMessageBody } from './deliver.ts';
import type { DeliveryClient } from './rest-clients.ts';
import { splitText } from './split-text.ts';

/** Where the command came from. */
export interface CommandOrigin {
  readonly channelId: string;
  readonly messageId: string;
  readonly authorId: string;
}

const NO_PINGS = { parse: [] } as const;

function bodiesOf(reply: CommandReply): BotMessageBody[] {
  const bodies: BotMessageBody[] = [];
  if (reply.text !== undefined) for (const piece of splitText(reply.text)) bodies.push({ content: piece, embeds: [], allowed_mentions: NO_PINGS });
  if (reply.message) {
    const built = buildDiscordMessage(reply.message.body, '', reply.message.buttons);
    if (!isEmptyMessage(built)) bodies.push({ ...botMessageOf(built), allowed_mentions: NO_PINGS });
  }
  return bodies;
}

/** Adds the reaction; a refusal is logged, never thrown, so the reply's text is not lost with it. */
async function react(client: DeliveryClient, origin: CommandOrigin, emoji: string, log: Logger): Promise<void> {
  try {
    await client.rest.put(Routes.channelMessageOwnReaction(origin.channelId, origin.messageId, encodeURIComponent(emoji)));
  } catch (err) {
    const api = err instanceof DiscordAPIError ? { status: err.status, code: err.code } : {};
    log.info({ channelId: origin.channelId, messageId: origin.messageId, emoji, ...api, reason: describeError(err) }, 'discord: could not react to a command (the reply text is still sent)');
  }
}

async function sendOne(client: DeliveryClient, origin: CommandOrigin, reply: CommandReply, log: Logger): Promise<void> {
  if (reply.reaction) await react(client, origin, reply.reaction, log);
  const bodies = bodiesOf(reply);
  if (bodies.length === 0) return;
  const channelId = reply.direct ? await client.dmChannel(origin.authorId) : origin.channelId;
  for (const body of bodies) await postMessage(client, channelId, body);
}

export async function sendReplies(client: DeliveryClient, origin: CommandOrigin, replies: readonly CommandReply[], log: Logger): Promise<void> {
  for (const reply of replies) {
    try {
      await sendOne(client, origin, reply, log);
    } catch (err) {
      log.warn({ channelId: origin.channelId, userId: origin.authorId, direct: reply.direct === true, reason: describeError(err) }, 'discord: a command reply could not be sent');
    }
  }
}
