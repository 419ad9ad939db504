/**
 * Whether a Telegram user may use the service, from what the required groups (`[telegram] channels`) say about
 * them. Pure. A user is in a group as its creator, an administrator, a member, or restricted while still in it
 * (`is_member`); left, kicked (banned) and unknown to Telegram ("user not found") are out. Membership of one
 * group is enough. When no group says "in" but one could not answer (the bot was removed from it, a network
 * error), nothing is decided: a user is never judged on a group's silence.
 */
import type { ChatMember, User } from 'grammy/types';
import type { MemberVerdict } from '../../../core/membership/index.ts';

/** What one required group says about a user. */
export type GroupAnswer =
  | { readonly kind: 'in'; readonly user: User }
  | { readonly kind: 'out'; readonly status: 'left' | 'kicked' | 'restricted' | 'not found'; readonly user?: User }
  | { readonly kind: 'unknown'; readonly reason: string };

export interface GroupAnswerOf {
  readonly group: string;
  readonly answer: GroupAnswer;
}

/** The decision about one user across the required groups. */
export type TelegramVerdict =
  | { readonly kind: 'access'; readonly group: string; readonly user: User }
  | { readonly kind: 'lost'; readonly reason: string }
  | { readonly kind: 'undecided'; readonly reason: string };

export function isInChat(member: ChatMember): boolean {
  if (member.status === 'restricted') return member.is_member;
  return member.status === 'creator' || member.status === 'administrator' || member.status === 'member';
}

/** A ChatMember (getChatMember, a chat_member update) as a group's answer. */
export function answerOf(member: ChatMember): GroupAnswer {
  if (isInChat(member)) return { kind: 'in', user: member.user };
  const status = member.status === 'restricted' || member.status === 'kicked' ? member.status : 'left';
  return { kind: 'out', status, user: member.user };
}

const OUT_WORDS: Readonly<Record<Extract<GroupAnswer, { kind: 'out' }>['status'], string>> = {
  left: 'left',
  kicked: 'kicked from',
  restricted: 'restricted out of',
  'not found': 'unknown to Telegram in',
};

/**
 * The verdict from the answers gathered so far (in the order asked): access with the first group that has the
 * user in it; lost when every required group has them out; undecided otherwise (a group could not answer, or
 * not every group was asked).
 */
export function verdictOf(requiredGroups: readonly string[], answers: readonly GroupAnswerOf[]): TelegramVerdict {
  const inGroup = answers.find((a) => a.answer.kind === 'in');
  if (inGroup?.answer.kind === 'in') return { kind: 'access', group: inGroup.group, user: inGroup.answer.user };
  const unknown = answers.flatMap((a) => (a.answer.kind === 'unknown' ? [`group ${a.group}: ${a.answer.reason}`] : []));
  if (unknown.length > 0) return { kind: 'undecided', reason: unknown.join('; ') };
  const asked = new Set(answers.map((a) => a.group));
  const unasked = requiredGroups.filter((g) => !asked.has(g));
  if (unasked.length > 0 || requiredGroups.length === 0) return { kind: 'undecided', reason: requiredGroups.length === 0 ? 'no required group is configured' : `not asked: ${unasked.join(', ')}` };
  const outs = answers.flatMap((a) => (a.answer.kind === 'out' ? [`${OUT_WORDS[a.answer.status]} group ${a.group}`] : []));
  return { kind: 'lost', reason: `not a member of any required group (${outs.join(', ')})` };
}

/** A decided verdict as the core's MemberVerdict (access with the group granting it, or the loss and why); null when undecided. */
export function memberVerdict(humanId: string, verdict: TelegramVerdict): MemberVerdict | null {
  if (verdict.kind === 'access') return { humanId, hasAccess: true, reason: `member of group ${verdict.group}` };
  if (verdict.kind === 'lost') return { humanId, hasAccess: false, reason: verdict.reason };
  return null;
}
