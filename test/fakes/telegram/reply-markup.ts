/**
 * A send's `reply_markup` read the way Telegram reads an inline keyboard: `{ inline_keyboard: [[button, …], …] }`
 * where each button has a non-empty `text` and exactly one action; a `url` button's url must be http(s) or tg://
 * (else 400 BUTTON_URL_INVALID). Other kinds of reply markup are refused by the fake.
 */
import { badRequest } from './errors.ts';
import type { InlineKeyboard, TelegramErrorReply } from './types.ts';

const ACTIONS = ['url', 'callback_data', 'switch_inline_query', 'switch_inline_query_current_chat', 'login_url', 'web_app', 'copy_text', 'pay', 'callback_game'];
const BAD_MARKUP = badRequest("can't parse reply keyboard markup JSON object");

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function buttonProblem(button: unknown): TelegramErrorReply | null {
  if (!isRecord(button)) return BAD_MARKUP;
  if (typeof button.text !== 'string' || button.text.trim() === '') return badRequest('text buttons are unallowed in the inline keyboard');
  const actions = ACTIONS.filter((key) => button[key] !== undefined);
  if (actions.length !== 1) return badRequest("can't parse inline keyboard button: exactly one of the optional fields must be used");
  if (actions[0] === 'url' && (typeof button.url !== 'string' || !/^(https?|tg):\/\/\S+$/i.test(button.url))) return badRequest('BUTTON_URL_INVALID');
  return null;
}

/** The keyboard (undefined without `reply_markup`), or the error Telegram answers. */
export function readReplyMarkup(value: unknown): { readonly keyboard?: InlineKeyboard } | { readonly error: TelegramErrorReply } {
  if (value === undefined || value === null) return {};
  if (!isRecord(value) || !Array.isArray(value.inline_keyboard)) return { error: BAD_MARKUP };
  for (const row of value.inline_keyboard as unknown[]) {
    if (!Array.isArray(row)) return { error: BAD_MARKUP };
    for (const button of row) {
      const problem = buttonProblem(button);
      if (problem) return { error: problem };
    }
  }
  return { keyboard: value.inline_keyboard as InlineKeyboard };
}
