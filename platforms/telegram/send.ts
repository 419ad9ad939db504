/**
 * Sends through the Bot API (grammy's `Api`, with auto-retry installed): one text piece with its parse mode
 * (resent once as plain text when Telegram cannot parse the markup), and a whole message plan in order —
 * sticker, photo (uploaded as a file with `upload_images`), text pieces, location pin — ending in a delivery
 * outcome. The plan's inline keyboard goes with the last text piece, or with the last message sent when there is
 * no text. A reply (reply chains) goes with the first text piece, or the first message sent when there is no text,
 * and is sent anyway when its message is gone. Never throws.
 */
import type { Api } from 'grammy';
import type { InlineKeyboardMarkup, ParseMode } from 'grammy/types';
import type { DeliveryOutcome, EventLocation } from '../../core/contract.ts';
import type { Logger } from '../../core/log/logger.ts';
import { classifyApiError, outcomeOf, type ApiFailure } from './api-errors.ts';
import { idOf } from './message-ids.ts';
import type { TelegramMessagePlan } from './message-plan.ts';
import type { PhotoUploader } from './photo-upload.ts';
import type { TelegramChat } from './target.ts';

export type SendResult = { readonly ok: true; readonly messageId: number } | { readonly ok: false; readonly failure: ApiFailure };

export interface TextOptions {
  readonly parseMode?: ParseMode;
  readonly linkPreview: { readonly is_disabled: boolean };
  /** link buttons under the message */
  readonly keyboard?: InlineKeyboardMarkup;
  /** the message this one replies to */
  readonly replyTo?: number;
}

/** Bot API `reply_parameters`: a reply, sent as a plain message when the one it answers is gone. */
function replyOf(messageId: number | undefined): { reply_parameters?: { message_id: number; allow_sending_without_reply: boolean } } {
  return messageId === undefined ? {} : { reply_parameters: { message_id: messageId, allow_sending_without_reply: true } };
}

/** What log lines about a send carry. */
export interface SendLogContext {
  readonly log: Logger;
  readonly eventId?: string;
}

async function attempt(call: () => Promise<{ readonly message_id: number }>): Promise<SendResult> {
  try {
    return { ok: true, messageId: (await call()).message_id };
  } catch (err) {
    return { ok: false, failure: classifyApiError(err) };
  }
}

function threadOf(chat: TelegramChat): { message_thread_id?: number } {
  return chat.threadId === undefined ? {} : { message_thread_id: chat.threadId };
}

/** The thread of the chat, and the keyboard when this message carries it. */
function extrasOf(chat: TelegramChat, keyboard: InlineKeyboardMarkup | undefined): { message_thread_id?: number; reply_markup?: InlineKeyboardMarkup } {
  return keyboard ? { ...threadOf(chat), reply_markup: keyboard } : threadOf(chat);
}

export async function sendText(api: Api, chat: TelegramChat, text: string, options: TextOptions, ctx: SendLogContext): Promise<SendResult> {
  const common = { ...extrasOf(chat, options.keyboard), ...replyOf(options.replyTo), link_preview_options: options.linkPreview };
  const first = await attempt(() => api.sendMessage(chat.chatId, text, options.parseMode ? { ...common, parse_mode: options.parseMode } : common));
  if (first.ok || first.failure.kind !== 'bad-markup' || !options.parseMode) return first;
  ctx.log.verbose({ eventId: ctx.eventId, parseMode: options.parseMode, reason: first.failure.reason }, 'telegram could not parse the markup; sending it as plain text');
  return attempt(() => api.sendMessage(chat.chatId, text, common));
}

/** What a delivery may use besides the bot: the photo uploader (`upload_images` on). */
export interface PlanMedia {
  readonly uploader?: PhotoUploader;
}

type PlanPart = 'text' | 'pin' | 'photo' | 'sticker';

/** Which message carries the keyboard: the last text piece, else the pin, else the photo, else the sticker. */
function keyboardCarrier(plan: TelegramMessagePlan, pin: boolean): PlanPart {
  if (plan.texts.length > 0) return 'text';
  if (pin) return 'pin';
  return plan.photo ? 'photo' : 'sticker';
}

/** Which message is the reply (reply chains): the first text piece, else the first message sent. */
function replyCarrier(plan: TelegramMessagePlan): PlanPart {
  if (plan.texts.length > 0) return 'text';
  if (plan.sticker) return 'sticker';
  return plan.photo ? 'photo' : 'pin';
}

/**
 * Sends the plan to the chat; `position` is where a location pin goes (none without it); `replyTo` the message it
 * answers. A sticker or photo Telegram refuses (a 400: a wrong URL or file id) is logged and the rest is still sent.
 */
export async function sendPlan(api: Api, chat: TelegramChat, plan: TelegramMessagePlan, position: EventLocation | null, ctx: SendLogContext, media: PlanMedia = {}, replyTo?: number): Promise<DeliveryOutcome> {
  const ids: string[] = [];
  const pin = plan.location && position !== null;
  const keyboard = plan.keyboard;
  const carrier = keyboardCarrier(plan, pin);
  const keyboardOn = (part: PlanPart): InlineKeyboardMarkup | undefined => (keyboard && carrier === part ? keyboard : undefined);
  const replyOn = (part: PlanPart) => (replyTo !== undefined && replyCarrier(plan) === part ? replyOf(replyTo) : {});
  let degraded: string | undefined;
  if (plan.sticker) {
    const sticker = plan.sticker;
    const sent = await attempt(() => api.sendSticker(chat.chatId, sticker, { ...extrasOf(chat, keyboardOn('sticker')), ...replyOn('sticker') }));
    if (sent.ok) ids.push(idOf('sticker', sent.messageId));
    else if (sent.failure.kind === 'refused') ctx.log.warn({ eventId: ctx.eventId, sticker, reason: sent.failure.reason }, 'telegram refused the sticker; sending the message without it');
    else return outcomeOf(sent.failure);
  }
  if (plan.photo) {
    const prepared = media.uploader ? await media.uploader.prepare(plan.photo, ctx.log, ctx.eventId) : { photo: plan.photo };
    degraded = prepared.degraded;
    const sent = await attempt(() => api.sendPhoto(chat.chatId, prepared.photo, { ...extrasOf(chat, keyboardOn('photo')), ...replyOn('photo') }));
    if (sent.ok) ids.push(idOf('photo', sent.messageId));
    else if (sent.failure.kind === 'refused') ctx.log.warn({ eventId: ctx.eventId, photo: plan.photo, reason: sent.failure.reason }, 'telegram refused the photo; sending the message without it');
    else return outcomeOf(sent.failure);
  }
  for (const [i, text] of plan.texts.entries()) {
    const last = i === plan.texts.length - 1;
    const reply = i === 0 && replyTo !== undefined ? { replyTo } : {};
    const sent = await sendText(api, chat, text, { parseMode: plan.parseMode, linkPreview: plan.linkPreview, ...(last && keyboard ? { keyboard } : {}), ...reply }, ctx);
    if (!sent.ok) return outcomeOf(sent.failure);
    ids.push(idOf('text', sent.messageId));
  }
  if (pin) {
    const sent = await attempt(() => api.sendLocation(chat.chatId, position.latitude, position.longitude, { ...extrasOf(chat, keyboardOn('pin')), ...replyOn('pin') }));
    if (!sent.ok) return outcomeOf(sent.failure);
    ids.push(idOf('location', sent.messageId));
  }
  return degraded ? { ok: true, messageIds: ids, degraded: [degraded] } : { ok: true, messageIds: ids };
}
