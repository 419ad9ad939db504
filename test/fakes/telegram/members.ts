/**
 * The fake's user accounts and who is a member of which chat, with getChatMember's answers as Telegram gives
 * them: an account the fake does not know is 400 "user not found"; a known user without a status in a chat has
 * left it; the bot is an administrator of every group and channel unless a test says otherwise.
 */
import { badRequest } from './errors.ts';
import type { ChatMemberStatus, FakeBotUser, FakeUser, TelegramErrorReply } from './types.ts';

export const USER_NOT_FOUND = badRequest('user not found');

export interface Membership {
  readonly status: ChatMemberStatus;
  /** in the chat: creator, administrator, member, or restricted with is_member */
  readonly isMember: boolean;
}

/** A membership of a status; `isMember` only matters for `restricted`. */
export function membershipOf(status: ChatMemberStatus, isMember = true): Membership {
  if (status === 'restricted') return { status, isMember };
  return { status, isMember: status !== 'left' && status !== 'kicked' };
}

export function userObject(user: FakeUser): Record<string, unknown> {
  return {
    id: user.id,
    is_bot: user.is_bot ?? false,
    first_name: user.first_name,
    ...(user.last_name !== undefined ? { last_name: user.last_name } : {}),
    ...(user.username !== undefined ? { username: user.username } : {}),
  };
}

/** The ChatMember object Telegram sends for a user in a membership state, with the fields of its status. */
export function chatMemberObject(user: FakeUser, membership: Membership): Record<string, unknown> {
  const base = { status: membership.status, user: userObject(user) };
  switch (membership.status) {
    case 'creator':
      return { ...base, is_anonymous: false };
    case 'administrator':
      return { ...base, can_be_edited: false, is_anonymous: false, can_manage_chat: true, can_delete_messages: true, can_restrict_members: true, can_invite_users: true };
    case 'restricted':
      return { ...base, is_member: membership.isMember, can_send_messages: false, until_date: 0 };
    case 'kicked':
      return { ...base, until_date: 0 };
    default:
      return base;
  }
}

export class MemberStore {
  private readonly users = new Map<number, FakeUser>();
  private readonly memberships = new Map<string, Membership>();

  constructor(private readonly bot: FakeBotUser) {
    this.users.set(bot.id, { id: bot.id, first_name: bot.first_name, username: bot.username, is_bot: true });
  }

  /** Adds or replaces a user account. */
  addUser(user: FakeUser): void {
    this.users.set(user.id, user);
  }

  user(userId: number): FakeUser | undefined {
    return this.users.get(userId);
  }

  /** Sets a membership (no update is queued here). */
  set(chatId: number, userId: number, membership: Membership): void {
    this.memberships.set(`${chatId}/${userId}`, membership);
  }

  /** The user's membership in a chat: as set, else the bot administers groups and channels, anyone else has left. */
  get(chatId: number, chatType: string, userId: number): Membership {
    const found = this.memberships.get(`${chatId}/${userId}`);
    if (found) return found;
    if (userId === this.bot.id && chatType !== 'private') return membershipOf('administrator');
    return membershipOf('left');
  }

  /** getChatMember's answer: the ChatMember of a known user, or the error Telegram gives for an unknown one. */
  chatMember(chatId: number, chatType: string, userId: number): { readonly member: Record<string, unknown> } | { readonly error: TelegramErrorReply } {
    const user = this.users.get(userId);
    if (!user) return { error: USER_NOT_FOUND };
    return { member: chatMemberObject(user, this.get(chatId, chatType, userId)) };
  }
}
