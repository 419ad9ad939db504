/**
 * The fake's chats and the messages the bot has in them: which chats exist, which blocked or removed the
 * bot, message ids per chat (from 1, as Telegram counts them) and deletions.
 */
import { BLOCKED_BY_USER, CHAT_NOT_FOUND, KICKED_FROM_CHANNEL, KICKED_FROM_GROUP } from './errors.ts';
import type { FakeChat, SentMessage, TelegramErrorReply } from './types.ts';

export class ChatStore {
  private readonly chats = new Map<number, FakeChat>();
  private sent: SentMessage[] = [];
  private readonly lastMessageId = new Map<number, number>();
  private readonly blocked = new Set<number>();

  /** Adds or replaces a chat. */
  add(chat: FakeChat): FakeChat {
    this.chats.set(chat.id, chat);
    return chat;
  }

  /** A chat by numeric id (number or numeric string) or `@username`. */
  find(chatId: unknown): FakeChat | undefined {
    if (typeof chatId === 'string' && chatId.startsWith('@')) {
      const name = chatId.slice(1).toLowerCase();
      return [...this.chats.values()].find((c) => c.username?.toLowerCase() === name);
    }
    const id = typeof chatId === 'number' ? chatId : typeof chatId === 'string' && /^-?\d+$/.test(chatId) ? Number(chatId) : NaN;
    return this.chats.get(id);
  }

  /** The chat a message may be sent to, or the error Telegram answers. */
  writable(chatId: unknown): FakeChat | TelegramErrorReply {
    const chat = this.find(chatId);
    if (!chat) return CHAT_NOT_FOUND;
    if (!this.blocked.has(chat.id)) return chat;
    if (chat.type === 'private') return BLOCKED_BY_USER;
    return chat.type === 'channel' ? KICKED_FROM_CHANNEL : KICKED_FROM_GROUP;
  }

  /** The user blocks the bot (private chat) or the bot is removed (group, channel): sends answer 403 from now on. */
  block(chatId: number): void {
    this.blocked.add(chatId);
  }

  /** The next message id in a chat (shared by the user's and the bot's messages). */
  nextMessageId(chatId: number): number {
    const id = (this.lastMessageId.get(chatId) ?? 0) + 1;
    this.lastMessageId.set(chatId, id);
    return id;
  }

  keep(message: SentMessage): void {
    this.sent.push(message);
  }

  /** A bot message still present, or undefined. */
  get(chatId: number, messageId: number): SentMessage | undefined {
    return this.sent.find((m) => m.chatId === chatId && m.message_id === messageId);
  }

  /** Replaces a bot message by its new state (an edit), keeping its place. */
  replace(message: SentMessage): void {
    this.sent = this.sent.map((m) => (m.chatId === message.chatId && m.message_id === message.message_id ? message : m));
  }

  /** Removes a bot message; false when there is no such message. */
  delete(chatId: number, messageId: number): boolean {
    const before = this.sent.length;
    this.sent = this.sent.filter((m) => !(m.chatId === chatId && m.message_id === messageId));
    return this.sent.length < before;
  }

  /** The bot's messages still present, in sending order; one chat or all. */
  list(chatId?: number): SentMessage[] {
    return chatId === undefined ? [...this.sent] : this.sent.filter((m) => m.chatId === chatId);
  }
}
