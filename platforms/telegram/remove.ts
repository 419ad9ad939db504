/**
 * Deletes messages the platform delivered earlier (`clean` rules). A message already gone counts as deleted;
 * any other failure is reported after every id was tried, transient ones first so the whole removal is retried.
 */
import type { Api } from 'grammy';
import type { DeliveryOutcome } from '../../core/contract.ts';
import { classifyApiError, outcomeOf, type ApiFailure } from './api-errors.ts';
import { readId } from './message-ids.ts';
import type { TelegramChat } from './target.ts';

const ALREADY_GONE = /message to delete not found/i;

export async function deleteMessages(api: Api, chat: TelegramChat, messageIds: readonly string[]): Promise<DeliveryOutcome> {
  const failures: ApiFailure[] = [];
  for (const id of messageIds) {
    const messageId = readId(id)?.messageId;
    if (messageId === undefined) {
      failures.push({ kind: 'refused', reason: `not a Telegram message id: "${id.slice(0, 40)}"` });
      continue;
    }
    try {
      await api.deleteMessage(chat.chatId, messageId);
    } catch (err) {
      const failure = classifyApiError(err);
      if (!(failure.kind === 'refused' && ALREADY_GONE.test(failure.reason))) failures.push(failure);
    }
  }
  if (failures.length === 0) return { ok: true };
  const retryable = failures.find((f) => f.kind === 'transient' || f.kind === 'rate-limited');
  return outcomeOf(retryable ?? failures[0]!);
}
