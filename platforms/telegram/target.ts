/**
 * A Telegram target id → the chat to send to: a numeric chat id (`123`, `-100123`), an `@channelname`, or
 * `<chatId>:<topicId>` for a forum topic (`telegram:topic`), whose topic becomes `message_thread_id`.
 */

export interface TelegramChat {
  readonly chatId: number | string;
  /** the forum topic, for `<chatId>:<topicId>` ids */
  readonly threadId?: number;
}

/** The chat a target id names, or null when it is no Telegram chat id. */
export function telegramChatOf(targetId: string): TelegramChat | null {
  const id = targetId.trim();
  const numeric = /^(-?\d{1,16})(?::(\d{1,10}))?$/.exec(id);
  if (numeric) {
    const chatId = Number(numeric[1]);
    return numeric[2] === undefined ? { chatId } : { chatId, threadId: Number(numeric[2]) };
  }
  if (/^@[A-Za-z]\w{3,31}$/.test(id)) return { chatId: id };
  return null;
}
