/**
 * Sends a command's replies: `text` (with the `reaction` emoji in front, Telegram bots cannot react with ✅)
 * split to Telegram's size, Markdown only when safe; `message` (a rendered Telegram body) like a delivery;
 * `direct` ones to the sender's private chat. A failing reply is logged, the next one is still sent.
 */
import type { Api } from 'grammy';
import type { CommandReply } from '../../core/commands/types.ts';
import type { Logger } from '../../core/log/logger.ts';
import { replyPiece } from './markup.ts';
import { planMessage } from './message-plan.ts';
import { sendPlan, sendText } from './send.ts';
import { splitText } from './split-text.ts';
import type { TelegramChat } from './target.ts';

export interface ReplyPlaces {
  /** where the command was typed (its forum topic included) */
  readonly here: TelegramChat;
  /** the sender's private chat */
  readonly direct: TelegramChat;
}

const NO_PREVIEW = { is_disabled: true } as const;

async function sendReplyText(api: Api, chat: TelegramChat, text: string, log: Logger): Promise<void> {
  for (const piece of splitText(text).map(replyPiece)) {
    const sent = await sendText(api, chat, piece.text, { parseMode: piece.parseMode, linkPreview: NO_PREVIEW }, { log });
    if (!sent.ok) {
      log.warn({ chatId: chat.chatId, reason: sent.failure.reason }, 'telegram command reply not sent');
      return;
    }
  }
}

export async function sendReplies(api: Api, replies: readonly CommandReply[], places: ReplyPlaces, log: Logger): Promise<void> {
  for (const reply of replies) {
    const target = reply.direct ? places.direct : places.here;
    const text = reply.text?.trim() ? reply.text : undefined;
    if (reply.reaction && text && !reply.direct) await sendReplyText(api, target, `${reply.reaction} ${text}`, log);
    else {
      if (reply.reaction) await sendReplyText(api, places.here, reply.reaction, log);
      if (text) await sendReplyText(api, target, text, log);
    }
    if (reply.message) {
      const outcome = await sendPlan(api, target, planMessage(reply.message.body, '', reply.message.buttons), null, { log });
      if (!outcome.ok) log.warn({ chatId: target.chatId, reason: outcome.reason }, 'telegram command reply message not sent');
    }
  }
}
