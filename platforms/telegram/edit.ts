/**
 * Edits a message delivered earlier in place (`edit` rules): each text piece of the earlier message gets the new
 * plan's text (`editMessageText`, resent as plain text when Telegram cannot parse the markup), the link buttons going
 * with the last piece. Telegram cannot change a sticker or a location pin, so those stay as they were; a plan whose
 * number of text pieces differs from the earlier message's cannot be edited (the core then sends it anew). An answer
 * "message is not modified" (the same text again) counts as edited. We send no photos, so there is no caption to edit
 * (`editMessageCaption`). Never throws.
 */
import type { Api } from 'grammy';
import type { DeliveryOutcome } from '../../core/contract.ts';
import { classifyApiError, outcomeOf } from './api-errors.ts';
import { textIds } from './message-ids.ts';
import type { TelegramMessagePlan } from './message-plan.ts';
import type { SendLogContext } from './send.ts';
import type { TelegramChat } from './target.ts';

const NOT_MODIFIED = /message is not modified/i;

type EditAnswer = { readonly ok: true } | { readonly ok: false; readonly failure: ReturnType<typeof classifyApiError> };

async function editOnce(call: () => Promise<unknown>): Promise<EditAnswer> {
  try {
    await call();
    return { ok: true };
  } catch (err) {
    const failure = classifyApiError(err);
    if (failure.kind === 'refused' && NOT_MODIFIED.test(failure.reason)) return { ok: true };
    return { ok: false, failure };
  }
}

export async function editPlan(api: Api, chat: TelegramChat, plan: TelegramMessagePlan, earlierIds: readonly string[], ctx: SendLogContext): Promise<DeliveryOutcome> {
  const ids = textIds(earlierIds);
  if (ids.length === 0 || ids.length !== plan.texts.length) {
    return { ok: false, permanent: true, reason: `the earlier message has ${ids.length} text piece(s), the new one ${plan.texts.length}: not editable` };
  }
  for (const [i, text] of plan.texts.entries()) {
    const messageId = ids[i]!;
    const keyboard = i === plan.texts.length - 1 && plan.keyboard ? { reply_markup: plan.keyboard } : {};
    const common = { ...keyboard, link_preview_options: plan.linkPreview };
    let answer = await editOnce(() => api.editMessageText(chat.chatId, messageId, text, { ...common, parse_mode: plan.parseMode }));
    if (!answer.ok && answer.failure.kind === 'bad-markup') {
      ctx.log.verbose({ eventId: ctx.eventId, parseMode: plan.parseMode, reason: answer.failure.reason }, 'telegram could not parse the markup; editing it in as plain text');
      answer = await editOnce(() => api.editMessageText(chat.chatId, messageId, text, common));
    }
    if (!answer.ok) return outcomeOf(answer.failure);
  }
  return { ok: true, messageIds: earlierIds };
}
