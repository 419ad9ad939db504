/**
 * A Telegram message → the IncomingCommand the core's command framework takes, or null when it is no command
 * for this bot: the text must start with `/` or the Discord-style prefix; a `@botname` after the command word
 * is dropped (a command addressed to another bot is ignored); messages from bots are ignored. Pure.
 */
import type { Chat, Message } from 'grammy/types';
import type { CommandPlace, IncomingCommand } from '../../core/commands/types.ts';
import { telegramUserName } from './user-name.ts';

export const PLATFORM_NAME = 'telegram';
export const USER_TYPE = 'telegram:user';
export const TOPIC_TYPE = 'telegram:topic';

export interface IncomingSettings {
  /** the bot's own username (getMe) */
  readonly botUsername: string;
  /** [telegram] admins */
  readonly admins: ReadonlySet<string>;
  /** [telegram] channels: registration chats */
  readonly registrationChats: ReadonlySet<string>;
  /** accepted prefixes, the one shown in replies first: ['/', discord prefix] */
  readonly prefixes: readonly string[];
}

function chatName(chat: Chat): string {
  if ('title' in chat && chat.title) return chat.title;
  const names = 'first_name' in chat ? [chat.first_name, chat.last_name].filter(Boolean).join(' ') : '';
  return names || ('username' in chat && chat.username ? chat.username : String(chat.id));
}

/** Who wrote it: the user, or the chat itself for channel posts and anonymous group admins; null for bots. */
function senderOf(message: Message): { readonly id: string; readonly name: string } | null {
  if (message.sender_chat) return { id: String(message.sender_chat.id), name: chatName(message.sender_chat) };
  const from = message.from;
  if (!from || from.is_bot) return null;
  return { id: String(from.id), name: telegramUserName(from) };
}

function placeOf(message: Message, senderName: string, registrationChats: ReadonlySet<string>): CommandPlace {
  const { chat } = message;
  const id = String(chat.id);
  const isRegistrationChannel = registrationChats.has(id);
  if (chat.type === 'private') return { kind: 'dm', id, name: senderName, humanType: USER_TYPE, isRegistrationChannel };
  const humanType = chat.type === 'channel' ? 'telegram:channel' : 'telegram:group';
  const topic = message.is_topic_message && message.message_thread_id !== undefined ? message.message_thread_id : null;
  const part = topic === null ? {} : { part: { id: `${id}:${topic}`, name: `${chatName(chat)} #${topic}`, humanType: TOPIC_TYPE } };
  return { kind: 'channel', id, name: chatName(chat), humanType, isRegistrationChannel, ...part };
}

function prefixOf(token: string, prefixes: readonly string[]): string | undefined {
  return [...prefixes].sort((a, b) => b.length - a.length).find((p) => p !== '' && token.startsWith(p) && token.length > p.length);
}

/**
 * `/track@mybot pikachu` → `/track pikachu` on every command line; null when the first command names another
 * bot (`/track@otherbot`) or the text starts with no prefix.
 */
export function withoutBotName(text: string, prefixes: readonly string[], botUsername: string): string | null {
  const lines = text.trimStart().split('\n');
  const out: string[] = [];
  for (const [index, line] of lines.entries()) {
    const parts = /^(\s*)(\S+)([\s\S]*)$/.exec(line);
    const token = parts?.[2] ?? '';
    const prefix = prefixOf(token, prefixes);
    if (!parts || !prefix) {
      if (index === 0) return null;
      out.push(line);
      continue;
    }
    const at = token.indexOf('@', prefix.length + 1);
    const addressee = at < 0 ? null : token.slice(at + 1);
    if (addressee === null) out.push(line);
    else if (addressee.toLowerCase() === botUsername.toLowerCase()) out.push(`${parts[1]}${token.slice(0, at)}${parts[3]}`);
    else if (index === 0) return null;
    else out.push(line);
  }
  return out.join('\n');
}

export function incomingCommandOf(message: Message, settings: IncomingSettings): IncomingCommand | null {
  if (typeof message.text !== 'string') return null;
  const sender = senderOf(message);
  if (!sender) return null;
  const text = withoutBotName(message.text, settings.prefixes, settings.botUsername);
  if (text === null) return null;
  return {
    platform: PLATFORM_NAME,
    text,
    sender: { id: sender.id, name: sender.name, humanType: USER_TYPE, isAdmin: settings.admins.has(sender.id) },
    place: placeOf(message, sender.name, settings.registrationChats),
    prefixes: settings.prefixes,
  };
}
