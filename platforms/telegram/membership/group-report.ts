/**
 * Reports at start what would keep the membership check blind: a required group the bot cannot read (it does not
 * exist, or the bot is not in it) and one the bot does not administer (Telegram sends `chat_member` updates only
 * to administrators; the full pass still works there). Only logs; never fails the start.
 */
import type { Api } from 'grammy';
import { describeError } from '../../../core/errors.ts';
import type { Logger } from '../../../core/log/logger.ts';
import { grammySignal } from './grammy-signal.ts';

export async function reportRequiredGroups(api: Pick<Api, 'getChat' | 'getChatMember'>, groups: readonly string[], botId: number, log: Logger, signal?: AbortSignal): Promise<void> {
  if (groups.length === 0) {
    log.warn('[telegram] check_role is on but [telegram] channels names no group: nobody is checked');
    return;
  }
  for (const group of groups) {
    if (signal?.aborted) return;
    try {
      await api.getChat(group, grammySignal(signal));
    } catch (err) {
      if (signal?.aborted) return;
      log.warn({ group, reason: describeError(err) }, 'membership: a required group ([telegram] channels) cannot be read: does it exist, and is the bot in it?');
      continue;
    }
    try {
      const me = await api.getChatMember(group, botId, grammySignal(signal));
      if (me.status !== 'administrator' && me.status !== 'creator') {
        log.warn({ group, status: me.status }, 'membership: the bot is not an administrator of a required group: Telegram will not tell it when members leave (the periodic pass still checks them)');
      }
    } catch (err) {
      if (signal?.aborted) return;
      log.warn({ group, reason: describeError(err) }, 'membership: the bot could not read its own status in a required group');
    }
  }
}
