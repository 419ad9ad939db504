/**
 * Telegram's error answers, as the fake gives them (descriptions as the real Bot API words them).
 */
import type { TelegramErrorReply } from './types.ts';

export function tooManyRequests(retryAfterSeconds: number): TelegramErrorReply {
  return {
    error_code: 429,
    description: `Too Many Requests: retry after ${retryAfterSeconds}`,
    parameters: { retry_after: retryAfterSeconds },
  };
}

export function badRequest(detail: string): TelegramErrorReply {
  return { error_code: 400, description: `Bad Request: ${detail}` };
}

export function forbidden(detail: string): TelegramErrorReply {
  return { error_code: 403, description: `Forbidden: ${detail}` };
}

export const UNAUTHORIZED: TelegramErrorReply = { error_code: 401, description: 'Unauthorized' };
export const NOT_FOUND: TelegramErrorReply = { error_code: 404, description: 'Not Found' };
export const CHAT_NOT_FOUND = badRequest('chat not found');
export const BLOCKED_BY_USER = forbidden('bot was blocked by the user');
export const KICKED_FROM_GROUP = forbidden('bot was kicked from the group chat');
export const KICKED_FROM_CHANNEL = forbidden('bot was kicked from the channel chat');
export const CONFLICT_OTHER_POLL: TelegramErrorReply = {
  error_code: 409,
  description: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
};

/** The 400 Telegram gives for Markdown it cannot parse, at a UTF-8 byte offset. */
export function cantParseEntities(byteOffset: number): TelegramErrorReply {
  return badRequest(`can't parse entities: Can't find end of the entity starting at byte offset ${byteOffset}`);
}
