/**
 * Listens for commands on the bot: every text message in private chats, groups and channels that is a
 * command for this bot goes to the core (`handleCommand`) and the replies go back, one chat at a time in
 * order, without holding up the long poll.
 */
import type { Bot } from 'grammy';
import type { Message } from 'grammy/types';
import type { CommandReply, IncomingCommand } from '../../core/commands/types.ts';
import { describeError } from '../../core/errors.ts';
import type { Logger } from '../../core/log/logger.ts';
import { incomingCommandOf, type IncomingSettings } from './incoming.ts';
import { sendReplies, type ReplyPlaces } from './replies.ts';
import { SerialPerChat } from './serial-chats.ts';

export interface CommandListenerOptions {
  readonly settings: Omit<IncomingSettings, 'botUsername'>;
  readonly handleCommand: (incoming: IncomingCommand) => Promise<readonly CommandReply[]>;
  readonly log: Logger;
}

export interface CommandListener {
  /** resolves when every command received so far has been answered */
  idle(): Promise<void>;
}

function placesOf(message: Message): ReplyPlaces {
  const here = message.is_topic_message && message.message_thread_id !== undefined ? { chatId: message.chat.id, threadId: message.message_thread_id } : { chatId: message.chat.id };
  const direct = message.from && !message.sender_chat ? { chatId: message.from.id } : here;
  return { here, direct };
}

/** Registers the handlers; call before polling starts. */
export function listenForCommands(bot: Bot, options: CommandListenerOptions): CommandListener {
  const { log } = options;
  const serial = new SerialPerChat();
  bot.on(['message:text', 'channel_post:text'], (ctx) => {
    const message = ctx.msg;
    const incoming = incomingCommandOf(message, { ...options.settings, botUsername: ctx.me.username });
    if (!incoming) return;
    const chatLog = log.child({ chatId: message.chat.id, senderId: incoming.sender.id });
    serial.run(
      String(message.chat.id),
      async () => {
        const replies = await options.handleCommand(incoming);
        await sendReplies(ctx.api, replies, placesOf(message), chatLog);
      },
      (err) => chatLog.error({ err: describeError(err) }, 'telegram command failed'),
    );
  });
  bot.catch((err) => log.error({ err: describeError(err.error), updateId: err.ctx.update.update_id }, 'telegram update handler failed'));
  return { idle: () => serial.idle() };
}
