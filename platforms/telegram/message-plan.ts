/**
 * A rendered Telegram body (DTS `content`, `parse_mode`, `webpage_preview`, `sticker`, `photo`, `location`) plus
 * the rule's ping and the message's link buttons → what to send, in order: the sticker, the photo, the text (split
 * to Telegram's size), the location pin; the buttons become an inline keyboard of url buttons, row for row. Pure.
 */
import type { InlineKeyboardMarkup, ParseMode } from 'grammy/types';
import type { MessageButton } from '../../core/model.ts';
import { escapeFor } from './markup.ts';
import { splitText } from './split-text.ts';

export const DEFAULT_PARSE_MODE: ParseMode = 'Markdown';

const PARSE_MODES: Readonly<Record<string, ParseMode>> = { markdown: 'Markdown', markdownv2: 'MarkdownV2', html: 'HTML' };

export interface TelegramMessagePlan {
  /** sticker URL or file id; sent first */
  readonly sticker?: string;
  /** photo URL or file id (a static map, usually); sent after the sticker */
  readonly photo?: string;
  /** the content with the ping in front, in pieces of at most 4096 characters */
  readonly texts: readonly string[];
  /** the template's `parse_mode` (any spelling case), Markdown when absent or unknown */
  readonly parseMode: ParseMode;
  readonly linkPreview: { readonly is_disabled: boolean };
  /** send a location pin at the event's position last */
  readonly location: boolean;
  /** the link buttons, sent with the last text piece (with the last message sent when there is no text) */
  readonly keyboard?: InlineKeyboardMarkup;
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

/** `@username` mentions in the ping are escaped for the parse mode; any other markup in it is kept as written. */
function pingFor(parseMode: string, ping: string): string {
  return ping.trim().replace(/@\w+/g, (mention) => escapeFor(parseMode, mention));
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The inline keyboard of the buttons, or undefined when none is left. The core checked them
 * (core/dts/buttons/render.ts); a url Telegram would refuse all the same (a shortlink marker no shortener
 * replaced) leaves that button out rather than the whole message.
 */
export function keyboardOf(rows: readonly (readonly MessageButton[])[] | undefined): InlineKeyboardMarkup | undefined {
  if (!rows) return undefined;
  const keyboard = rows.map((row) => row.filter((b) => b.label.trim() !== '' && isHttpUrl(b.url)).map((b) => ({ text: b.label, url: b.url }))).filter((row) => row.length > 0);
  return keyboard.length > 0 ? { inline_keyboard: keyboard } : undefined;
}

export function planMessage(body: Readonly<Record<string, unknown>>, ping = '', buttons?: readonly (readonly MessageButton[])[]): TelegramMessagePlan {
  const parseMode = PARSE_MODES[textOf(body.parse_mode)?.trim().toLowerCase() ?? ''] ?? DEFAULT_PARSE_MODE;
  const content = textOf(body.content);
  const mention = content ? pingFor(parseMode, ping) : '';
  const text = content ? (mention ? `${mention} ${content}` : content) : '';
  const sticker = textOf(body.sticker)?.trim();
  const photo = textOf(body.photo)?.trim();
  const keyboard = keyboardOf(buttons);
  return {
    ...(sticker ? { sticker } : {}),
    ...(photo ? { photo } : {}),
    texts: splitText(text),
    parseMode,
    linkPreview: { is_disabled: !isTrue(body.webpage_preview) },
    location: isTrue(body.location),
    ...(keyboard ? { keyboard } : {}),
  };
}

/** Nothing would be sent (no sticker, no photo, no text, no pin that can be placed). */
export function isEmptyPlan(plan: TelegramMessagePlan, hasPosition: boolean): boolean {
  return !plan.sticker && !plan.photo && plan.texts.length === 0 && !(plan.location && hasPosition);
}
