/**
 * Reacts to members leaving and returning: a `chat_member` update (Telegram sends it only to a bot that is an
 * administrator of the group and asked for it in allowed_updates) or the group's `left_chat_member` /
 * `new_chat_members` message about a registered `telegram:user` in a required group leads to the verdict over
 * all required groups (the other groups are asked with getChatMember) and the core's role-loss policy. Admins
 * and bots are left alone; the second notice of one change (update and service message) is dropped; one user's
 * changes are handled in order, without holding up the long poll.
 */
import type { Bot } from 'grammy';
import type { User } from 'grammy/types';
import type { PlatformHumans } from '../../../core/contract.ts';
import { describeError } from '../../../core/errors.ts';
import { USER_TYPE } from '../incoming.ts';
import { SerialPerChat } from '../serial-chats.ts';
import { applyVerdicts, type ApplyDeps } from './apply.ts';
import { askGroup } from './ask-group.ts';
import { checkUser } from './check-user.ts';
import { RecentNotices } from './recent-notices.ts';
import { answerOf, memberVerdict, type GroupAnswer } from './verdict.ts';

export interface MemberEventDeps extends ApplyDeps {
  readonly humans: Pick<PlatformHumans, 'get'>;
  readonly api: ApplyDeps['api'] & Parameters<typeof askGroup>[0];
}

export interface MemberEvents {
  /** resolves when every change received so far has been handled */
  idle(): Promise<void>;
}

/** Registers the handlers; call before polling starts, only when the check is on. */
export function listenForMemberChanges(bot: Bot, deps: MemberEventDeps): MemberEvents {
  const { settings, log } = deps;
  const required = new Set(settings.requiredGroups);
  const serial = new SerialPerChat();
  const recent = new RecentNotices();

  const handle = async (userId: string, group: string, answer: GroupAnswer, source: string): Promise<void> => {
    const human = await deps.humans.get(userId);
    if (!human || human.type !== USER_TYPE) return;
    const verdict = await checkUser(settings.requiredGroups, [{ group, answer }], async (other) => {
      const outcome = await askGroup(deps.api, other, Number(userId));
      return outcome.kind === 'answer' ? outcome.answer : { kind: 'unknown', reason: outcome.reason };
    });
    const decided = memberVerdict(userId, verdict);
    if (!decided) {
      log.info({ humanId: userId, source, reason: verdict.kind === 'undecided' ? verdict.reason : '' }, 'membership: undecided after a member change; the next full pass decides');
      return;
    }
    await applyVerdicts([decided], deps, false);
    log.verbose({ humanId: userId, source, hasAccess: decided.hasAccess, reason: decided.reason }, 'membership: member change checked');
  };

  const changed = (group: string, user: User, answer: GroupAnswer, source: string): void => {
    const userId = String(user.id);
    if (user.is_bot || !required.has(group) || settings.admins.has(userId)) return;
    if (recent.isRepeat(group, userId, answer.kind === 'in')) return;
    serial.run(
      userId,
      () => handle(userId, group, answer, source),
      (err) => log.error({ humanId: userId, group, source, err: describeError(err) }, 'membership: a member change could not be handled'),
    );
  };

  bot.on('chat_member', (ctx) => {
    const update = ctx.chatMember;
    changed(String(update.chat.id), update.new_chat_member.user, answerOf(update.new_chat_member), 'chat_member');
  });
  bot.on('message:left_chat_member', (ctx) => {
    const user = ctx.msg.left_chat_member;
    changed(String(ctx.chat.id), user, { kind: 'out', status: 'left', user }, 'left_chat_member');
  });
  bot.on('message:new_chat_members', (ctx) => {
    for (const user of ctx.msg.new_chat_members) changed(String(ctx.chat.id), user, { kind: 'in', user }, 'new_chat_members');
  });
  return { idle: () => serial.idle() };
}
