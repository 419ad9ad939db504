/**
 * Builds the Update objects a user's message produces: `message` in private chats and groups, `channel_post`
 * in channels, with a `bot_command` entity when the text starts with `/` (as Telegram adds it).
 */
import type { FakeChat, UserSays } from './types.ts';

export type TelegramUpdate = Readonly<Record<string, unknown>> & { readonly update_id: number };

/** The chat object a message carries. */
export function chatObject(chat: FakeChat): Record<string, unknown> {
  const out: Record<string, unknown> = { id: chat.id, type: chat.type };
  if (chat.title !== undefined) out.title = chat.title;
  if (chat.first_name !== undefined) out.first_name = chat.first_name;
  if (chat.username !== undefined) out.username = chat.username;
  return out;
}

/** The chat a `userSays` happens in. */
export function chatOf(input: UserSays): FakeChat {
  if (input.chatType === 'private') {
    return { id: input.chatId, type: 'private', first_name: input.fromFirstName ?? `User ${input.fromId}`, ...(input.fromUsername ? { username: input.fromUsername } : {}) };
  }
  return { id: input.chatId, type: input.chatType, title: input.chatTitle ?? `Chat ${input.chatId}` };
}

/** The `bot_command` entity of a text starting with `/`: the command word up to the first whitespace. */
export function commandEntities(text: string): Record<string, unknown>[] | undefined {
  if (!text.startsWith('/')) return undefined;
  const word = /^\/\S+/.exec(text)?.[0] ?? '/';
  return [{ type: 'bot_command', offset: 0, length: word.length }];
}

export function userMessageUpdate(input: UserSays, chat: FakeChat, updateId: number, messageId: number, date: number): TelegramUpdate {
  const message: Record<string, unknown> = { message_id: messageId, date, chat: chatObject(chat), text: input.text };
  const entities = commandEntities(input.text);
  if (entities) message.entities = entities;
  if (input.threadId !== undefined) {
    message.message_thread_id = input.threadId;
    message.is_topic_message = true;
  }
  if (chat.type === 'channel') {
    message.sender_chat = chatObject(chat);
    return { update_id: updateId, channel_post: message };
  }
  message.from = {
    id: input.fromId,
    is_bot: false,
    first_name: input.fromFirstName ?? `User ${input.fromId}`,
    ...(input.fromUsername ? { username: input.fromUsername } : {}),
  };
  return { update_id: updateId, message };
}
