/**
 * Shapes of the fake Telegram Bot API: chats, recorded requests, injected errors and what a user "says".
 */

export type TelegramChatType = 'private' | 'group' | 'supergroup' | 'channel';

/** A chat the fake knows; sending to any other chat answers 400 "chat not found". */
export interface FakeChat {
  readonly id: number;
  readonly type: TelegramChatType;
  /** groups and channels */
  readonly title?: string;
  /** private chats */
  readonly first_name?: string;
  readonly username?: string;
}

/** The bot account getMe answers with. */
export interface FakeBotUser {
  readonly id: number;
  readonly first_name: string;
  readonly username: string;
}

/** One call as the fake received it. */
export interface RecordedRequest {
  /** 1-based arrival order over all calls */
  readonly seq: number;
  /** the method name from the path, as sent (`sendMessage`) */
  readonly method: string;
  /** the parameters: the JSON body, or the query string / form fields */
  readonly body: Readonly<Record<string, unknown>>;
  /** whether the token in the path was one of the fake's bots' */
  readonly authorised: boolean;
  /** the token in the path (which bot called) */
  readonly token: string;
  /** when it arrived (Date.now()) */
  readonly receivedAt: number;
}

/** Telegram's error answer, without `ok: false`; the HTTP status is `error_code`. */
export interface TelegramErrorReply {
  readonly error_code: number;
  readonly description: string;
  readonly parameters?: { readonly retry_after?: number; readonly migrate_to_chat_id?: number };
}

/** An error the fake answers instead of doing the call. */
export interface InjectedFailure {
  readonly method: string;
  readonly error: TelegramErrorReply;
  /** how many matching calls fail; default 1 */
  remaining: number;
  /** only calls whose parameters satisfy this fail */
  readonly when?: (body: Readonly<Record<string, unknown>>) => boolean;
}

/** An inline keyboard as sent: rows of buttons (`{ text, url }` for a link). */
export type InlineKeyboard = readonly (readonly Readonly<Record<string, unknown>>[])[];

/** A file sent in a multipart call (grammy's InputFile): the `attach://` parameter is replaced by it. */
export interface UploadedFile {
  readonly filename: string;
  readonly contentType: string;
  readonly bytes: Buffer;
}

/** A message the bot sent that is still there (not deleted). */
export interface SentMessage {
  readonly message_id: number;
  /** the bot (of several) that sent it */
  readonly botId: number;
  readonly chatId: number;
  readonly method: string;
  readonly text?: string;
  readonly parse_mode?: string;
  readonly link_preview_options?: Readonly<Record<string, unknown>>;
  readonly sticker?: string;
  /** sendPhoto: the URL or file id as sent, or the uploaded file */
  readonly photo?: string | UploadedFile;
  readonly location?: { readonly latitude: number; readonly longitude: number };
  readonly message_thread_id?: number;
  /** the inline keyboard under it (`reply_markup.inline_keyboard`) */
  readonly reply_markup?: { readonly inline_keyboard: InlineKeyboard };
  /** the message it replies to (`reply_parameters.message_id`, or the older `reply_to_message_id`) */
  readonly reply_to_message_id?: number;
  /** unix seconds of its last edit (editMessageText) */
  readonly edit_date?: number;
}

/** A user (or, in a channel, the channel itself) writing to the bot. */
export interface UserSays {
  readonly chatId: number;
  readonly chatType: TelegramChatType;
  /** the author; ignored for channels (posts come from the channel) */
  readonly fromId: number;
  readonly text: string;
  readonly fromUsername?: string;
  readonly fromFirstName?: string;
  /** group / channel title */
  readonly chatTitle?: string;
  /** a forum topic of a supergroup */
  readonly threadId?: number;
}

/** A user account the fake knows (getChatMember answers 400 "user not found" for any other). */
export interface FakeUser {
  readonly id: number;
  readonly first_name: string;
  readonly last_name?: string;
  readonly username?: string;
  readonly is_bot?: boolean;
}

/** A ChatMember status, as Telegram names it (`kicked` is a ban). */
export type ChatMemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

/** What a membership change sets; `isMember` only matters for `restricted` (default true). */
export interface MemberChange {
  readonly status: ChatMemberStatus;
  readonly isMember?: boolean;
  /** who made the change (an admin who kicked); default the user themself */
  readonly by?: number;
  /** also post the service message a group shows (`left_chat_member` / `new_chat_members`); default true */
  readonly serviceMessage?: boolean;
}
