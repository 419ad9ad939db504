/**
 * The Telegram bots of one platform: the command bot (`[telegram] command_token`, else the first `token`), which
 * long-polls, answers commands and runs the membership check, and the delivery bots (every `token`), each a grammy
 * Bot with its own auto-retry (its own rate-limit waits). Which bot serves a target: a Telegram bot cannot start a
 * conversation with a user, so private chats (`telegram:user`) are always served by the command bot — the one
 * users talk to; groups, channels and topics are spread over the delivery bots by a stable hash of the chat, so
 * one chat always gets its messages from one bot, in order, and that bot can delete them later.
 */
import type { Bot } from 'grammy';
import { stablePick } from '../../core/delivery/stable-pick.ts';
import { createTelegramBot, type TelegramClientOptions } from './client.ts';
import { USER_TYPE } from './incoming.ts';
import type { TelegramChat } from './target.ts';

export interface TelegramBots {
  /** polls for updates and answers commands */
  readonly command: Bot;
  /** deliver to groups, channels and topics; the command bot is among them when it has no token of its own */
  readonly delivery: readonly Bot[];
  /** the delivery bots that are not the command bot (their tokens are checked at start) */
  readonly deliveryOnly: readonly Bot[];
}

export interface BotTokensOption {
  /** [telegram] token: the delivery bots */
  readonly tokens: readonly string[];
  /** [telegram] command_token: a separate command bot */
  readonly commandToken?: string;
}

export function createTelegramBots(tokens: BotTokensOption, client: Omit<TelegramClientOptions, 'token'>): TelegramBots {
  const [first] = tokens.tokens;
  if (first === undefined) throw new RangeError('telegram: no bot token');
  const delivery = tokens.tokens.map((token) => createTelegramBot({ ...client, token }));
  const command = tokens.commandToken === undefined ? delivery[0]! : createTelegramBot({ ...client, token: tokens.commandToken });
  return { command, delivery, deliveryOnly: delivery.filter((bot) => bot !== command) };
}

/** The bot that serves a target: the command bot for a user's private chat, else the chat's delivery bot. */
export function botFor(bots: TelegramBots, targetType: string, chat: TelegramChat): Bot {
  if (targetType === USER_TYPE) return bots.command;
  return stablePick(bots.delivery, String(chat.chatId));
}
