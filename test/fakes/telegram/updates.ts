/**
 * Builds the Update objects the fake queues: a user's message (`message` in private chats and groups,
 * `channel_post` in channels, with a `bot_command` entity when the text starts with `/`, as Telegram adds it),
 * and a member's status change (`chat_member`, and the group's `left_chat_member` / `new_chat_members` message).
 */
import { chatMemberObject, userObject, type Membership } from './members.ts';
import type { FakeChat, FakeUser, UserSays } from './types.ts';

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

/** The update's type: its one field besides `update_id` (`message`, `chat_member`…). */
export function updateTypeOf(update: TelegramUpdate): string {
  return Object.keys(update).find((key) => key !== 'update_id') ?? '';
}

export interface MemberChangeInput {
  readonly chat: FakeChat;
  readonly user: FakeUser;
  /** who made the change (the user, or the admin who kicked them) */
  readonly by: FakeUser;
  readonly before: Membership;
  readonly after: Membership;
  readonly date: number;
}

/** The `chat_member` update Telegram sends an administrator bot about a member's status change. */
export function chatMemberUpdate(input: MemberChangeInput, updateId: number): TelegramUpdate {
  return {
    update_id: updateId,
    chat_member: {
      chat: chatObject(input.chat),
      from: userObject(input.by),
      date: input.date,
      old_chat_member: chatMemberObject(input.user, input.before),
      new_chat_member: chatMemberObject(input.user, input.after),
    },
  };
}

/**
 * The service message a group shows when a user entered or left it: `left_chat_member` when the user left or
 * was removed, `new_chat_members` when they joined or were added back.
 */
export function memberServiceMessage(input: MemberChangeInput, updateId: number, messageId: number): TelegramUpdate {
  const message: Record<string, unknown> = { message_id: messageId, date: input.date, chat: chatObject(input.chat), from: userObject(input.by) };
  if (input.after.isMember) message.new_chat_members = [userObject(input.user)];
  else message.left_chat_member = userObject(input.user);
  return { update_id: updateId, message };
}
