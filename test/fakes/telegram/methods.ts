/**
 * The Bot API methods the fake answers (all but getUpdates, which the server long-polls): getMe,
 * deleteWebhook, sendMessage, sendSticker, sendPhoto (a URL, a file id or an uploaded file), sendLocation,
 * editMessageText, deleteMessage, getChat, getChatMember, setMyCommands, setMessageReaction. Each checks its
 * parameters the way Telegram does and answers a result or an error; the sends keep an inline keyboard
 * (`reply_markup`, reply-markup.ts) with the message and may reply to a message of the chat (`reply_parameters`, or
 * the older `reply_to_message_id`: an unknown one is 400 "message to be replied not found" unless
 * `allow_sending_without_reply`). `env.bot` is the bot whose token made the call.
 */
import type { ChatStore } from './chats.ts';
import type { MemberStore } from './members.ts';
import { badRequest, cantParseEntities } from './errors.ts';
import { unparsableMarkdownAt } from './markdown.ts';
import { readReplyMarkup } from './reply-markup.ts';
import type { FakeBotUser, FakeChat, SentMessage, TelegramErrorReply, UploadedFile } from './types.ts';
import { chatObject } from './updates.ts';

export type MethodResult = { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly error: TelegramErrorReply };

export interface MethodEnv {
  readonly chats: ChatStore;
  readonly members: MemberStore;
  readonly bot: FakeBotUser;
  /** unix seconds */
  readonly now: () => number;
}

type Params = Readonly<Record<string, unknown>>;
type Handler = (params: Params, env: MethodEnv) => MethodResult;

const MAX_TEXT = 4096;
const PARSE_MODES = new Set(['Markdown', 'MarkdownV2', 'HTML']);

const done = (result: unknown): MethodResult => ({ ok: true, result });
const fail = (error: TelegramErrorReply): MethodResult => ({ ok: false, error });

function isError(value: FakeChat | TelegramErrorReply): value is TelegramErrorReply {
  return 'error_code' in value;
}

function numberParam(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

function botUserObject(bot: FakeBotUser): Record<string, unknown> {
  return { id: bot.id, is_bot: true, first_name: bot.first_name, username: bot.username };
}

/** The message a send replies to, none, or the error Telegram answers (reply-parameters checks of the Bot API). */
function replyTarget(env: MethodEnv, chat: FakeChat, params: Params): { readonly id?: number } | { readonly error: TelegramErrorReply } {
  const parameters = params.reply_parameters;
  const given = typeof parameters === 'object' && parameters !== null ? (parameters as Record<string, unknown>) : null;
  const id = numberParam(given ? given.message_id : params.reply_to_message_id);
  if (id === undefined) return {};
  const anyway = given ? given.allow_sending_without_reply === true : params.allow_sending_without_reply === true;
  if (env.chats.get(chat.id, id)) return { id };
  return anyway ? {} : { error: badRequest('message to be replied not found') };
}

/** The Message object Telegram answers for a bot message. */
function messageObject(env: MethodEnv, chat: FakeChat, sent: SentMessage): Record<string, unknown> {
  const message: Record<string, unknown> = { message_id: sent.message_id, date: env.now(), chat: chatObject(chat) };
  if (chat.type === 'channel') message.sender_chat = chatObject(chat);
  else message.from = botUserObject(env.bot);
  if (sent.message_thread_id !== undefined) message.message_thread_id = sent.message_thread_id;
  if (sent.text !== undefined) message.text = sent.text;
  if (sent.sticker !== undefined) {
    message.sticker = { file_id: `sticker-${chat.id}-${sent.message_id}`, file_unique_id: `u${sent.message_id}`, type: 'regular', width: 512, height: 512, is_animated: false, is_video: false };
  }
  if (sent.photo !== undefined) {
    message.photo = [{ file_id: `photo-${chat.id}-${sent.message_id}`, file_unique_id: `p${sent.message_id}`, width: 640, height: 480 }];
  }
  if (sent.location !== undefined) message.location = sent.location;
  if (sent.reply_markup !== undefined) message.reply_markup = sent.reply_markup;
  if (sent.reply_to_message_id !== undefined) {
    const replied = env.chats.get(chat.id, sent.reply_to_message_id);
    message.reply_to_message = { message_id: sent.reply_to_message_id, date: env.now(), chat: chatObject(chat), ...(replied?.text !== undefined ? { text: replied.text } : {}) };
  }
  if (sent.edit_date !== undefined) message.edit_date = sent.edit_date;
  return message;
}

/** Stores the message and answers the Message object Telegram returns for it. */
function post(env: MethodEnv, chat: FakeChat, params: Params, method: string, content: Partial<SentMessage>): MethodResult {
  const markup = readReplyMarkup(params.reply_markup);
  if ('error' in markup) return fail(markup.error);
  const reply = replyTarget(env, chat, params);
  if ('error' in reply) return fail(reply.error);
  const thread = numberParam(params.message_thread_id);
  const sent: SentMessage = {
    message_id: env.chats.nextMessageId(chat.id),
    botId: env.bot.id,
    chatId: chat.id,
    method,
    ...content,
    ...(thread !== undefined ? { message_thread_id: thread } : {}),
    ...(markup.keyboard ? { reply_markup: { inline_keyboard: markup.keyboard } } : {}),
    ...(reply.id !== undefined ? { reply_to_message_id: reply.id } : {}),
  };
  env.chats.keep(sent);
  return done(messageObject(env, chat, sent));
}

function withChat(params: Params, env: MethodEnv, then: (chat: FakeChat) => MethodResult): MethodResult {
  const chat = env.chats.writable(params.chat_id);
  return isError(chat) ? fail(chat) : then(chat);
}

const sendMessage: Handler = (params, env) =>
  withChat(params, env, (chat) => {
    const text = params.text;
    if (typeof text !== 'string' || text.trim() === '') return fail(badRequest('message text is empty'));
    if (text.length > MAX_TEXT) return fail(badRequest('message is too long'));
    const mode = params.parse_mode;
    if (mode !== undefined && (typeof mode !== 'string' || !PARSE_MODES.has(mode))) return fail(badRequest('unsupported parse_mode'));
    if (mode === 'Markdown') {
      const offset = unparsableMarkdownAt(text);
      if (offset !== null) return fail(cantParseEntities(offset));
    }
    const preview = params.link_preview_options;
    return post(env, chat, params, 'sendMessage', {
      text,
      ...(typeof mode === 'string' ? { parse_mode: mode } : {}),
      ...(typeof preview === 'object' && preview !== null ? { link_preview_options: preview as Record<string, unknown> } : {}),
    });
  });

const sendSticker: Handler = (params, env) =>
  withChat(params, env, (chat) => {
    const sticker = params.sticker;
    if (typeof sticker !== 'string' || sticker.trim() === '') return fail(badRequest('there is no sticker in the request'));
    return post(env, chat, params, 'sendSticker', { sticker });
  });

function isUpload(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as { bytes?: unknown }).bytes);
}

/** A URL Telegram fetches, a file id, or an uploaded file (which must have bytes). */
const sendPhoto: Handler = (params, env) =>
  withChat(params, env, (chat) => {
    const photo = params.photo;
    if (isUpload(photo)) {
      if (photo.bytes.length === 0) return fail(badRequest('IMAGE_PROCESS_FAILED'));
      return post(env, chat, params, 'sendPhoto', { photo });
    }
    if (typeof photo !== 'string' || photo.trim() === '') return fail(badRequest('there is no photo in the request'));
    return post(env, chat, params, 'sendPhoto', { photo });
  });

const sendLocation: Handler = (params, env) =>
  withChat(params, env, (chat) => {
    const latitude = numberParam(params.latitude);
    const longitude = numberParam(params.longitude);
    if (latitude === undefined || latitude < -90 || latitude > 90) return fail(badRequest('wrong latitude specified'));
    if (longitude === undefined || longitude < -180 || longitude > 180) return fail(badRequest('wrong longitude specified'));
    return post(env, chat, params, 'sendLocation', { location: { latitude, longitude } });
  });

/** Checks a text as sendMessage does: the error answered, or null when it may be sent. */
function textProblem(text: unknown, mode: unknown): TelegramErrorReply | null {
  if (typeof text !== 'string' || text.trim() === '') return badRequest('message text is empty');
  if (text.length > MAX_TEXT) return badRequest('message is too long');
  if (mode !== undefined && (typeof mode !== 'string' || !PARSE_MODES.has(mode))) return badRequest('unsupported parse_mode');
  if (mode === 'Markdown') {
    const offset = unparsableMarkdownAt(text);
    if (offset !== null) return cantParseEntities(offset);
  }
  return null;
}

/**
 * editMessageText: the bot's text message in the chat gets the new text (parse mode, preview, keyboard); an unknown
 * message 400 "message to edit not found", a sticker or pin 400 "there is no text in the message to edit", the same
 * text and keyboard again 400 "message is not modified".
 */
const editMessageText: Handler = (params, env) =>
  withChat(params, env, (chat) => {
    const id = numberParam(params.message_id);
    const message = id === undefined ? undefined : env.chats.get(chat.id, id);
    if (!message) return fail(badRequest('message to edit not found'));
    if (message.text === undefined) return fail(badRequest('there is no text in the message to edit'));
    const problem = textProblem(params.text, params.parse_mode);
    if (problem) return fail(problem);
    const markup = readReplyMarkup(params.reply_markup);
    if ('error' in markup) return fail(markup.error);
    const text = params.text as string;
    const keyboard = markup.keyboard ? { inline_keyboard: markup.keyboard } : undefined;
    if (text === message.text && JSON.stringify(keyboard) === JSON.stringify(message.reply_markup)) {
      return fail(badRequest('message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message'));
    }
    const { parse_mode: _mode, link_preview_options: _preview, reply_markup: _markup, ...kept } = message;
    const mode = params.parse_mode;
    const preview = params.link_preview_options;
    const edited: SentMessage = {
      ...kept,
      text,
      ...(typeof mode === 'string' ? { parse_mode: mode } : {}),
      ...(typeof preview === 'object' && preview !== null ? { link_preview_options: preview as Record<string, unknown> } : {}),
      ...(keyboard ? { reply_markup: keyboard } : {}),
      edit_date: env.now(),
    };
    env.chats.replace(edited);
    return done(messageObject(env, chat, edited));
  });

const deleteMessage: Handler = (params, env) =>
  withChat(params, env, (chat) => {
    const id = numberParam(params.message_id);
    if (id === undefined || !env.chats.delete(chat.id, id)) return fail(badRequest('message to delete not found'));
    return done(true);
  });

const getChat: Handler = (params, env) => {
  const chat = env.chats.find(params.chat_id);
  return chat ? done(chatObject(chat)) : fail(badRequest('chat not found'));
};

/** A group's member: chat not found or the bot removed from it answer as for a send; an unknown account 400. */
const getChatMember: Handler = (params, env) => {
  const found = env.chats.find(params.chat_id);
  const chat = found && found.type !== 'private' ? env.chats.writable(params.chat_id) : found;
  if (!chat) return fail(badRequest('chat not found'));
  if (isError(chat)) return fail(chat);
  const userId = numberParam(params.user_id);
  if (userId === undefined || !Number.isInteger(userId)) return fail(badRequest('invalid user_id specified'));
  const answer = env.members.chatMember(chat.id, chat.type, userId);
  return 'error' in answer ? fail(answer.error) : done(answer.member);
};

const acknowledge: Handler = () => done(true);

/** Handlers by lower-cased method name (Telegram's method names are case-insensitive). */
export const METHODS: ReadonlyMap<string, Handler> = new Map<string, Handler>([
  ['getme', (_params, env) => done({ ...botUserObject(env.bot), can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false })],
  ['deletewebhook', acknowledge],
  ['setmycommands', acknowledge],
  ['deletemycommands', acknowledge],
  ['setmessagereaction', acknowledge],
  ['sendmessage', sendMessage],
  ['sendsticker', sendSticker],
  ['sendphoto', sendPhoto],
  ['sendlocation', sendLocation],
  ['editmessagetext', editMessageText],
  ['deletemessage', deleteMessage],
  ['getchat', getChat],
  ['getchatmember', getChatMember],
]);
