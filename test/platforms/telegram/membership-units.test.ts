/**
 * The pure parts of the telegram membership check: who is in a group, the verdict across the required groups,
 * the order groups are asked in, repeated notices of one change, the request pacer and the registration name.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { API_CONSTANTS } from 'grammy';
import type { ChatMember, User } from 'grammy/types';
import { checkUser } from '../../../platforms/telegram/membership/check-user.ts';
import { createPacer } from '../../../platforms/telegram/membership/pacer.ts';
import { RecentNotices } from '../../../platforms/telegram/membership/recent-notices.ts';
import { answerOf, isInChat, memberVerdict, verdictOf, type GroupAnswer } from '../../../platforms/telegram/membership/verdict.ts';
import { telegramUserName } from '../../../platforms/telegram/user-name.ts';

const user: User = { id: 7, is_bot: false, first_name: 'Ash' };
const member = (status: 'creator' | 'administrator' | 'member' | 'left' | 'kicked'): ChatMember => {
  if (status === 'creator') return { status, user, is_anonymous: false };
  if (status === 'kicked') return { status, user, until_date: 0 };
  if (status === 'administrator') {
    return { status, user, can_be_edited: false, is_anonymous: false, can_manage_chat: true, can_delete_messages: true, can_manage_video_chats: false, can_restrict_members: true, can_promote_members: false, can_change_info: false, can_invite_users: true, can_post_stories: false, can_edit_stories: false, can_delete_stories: false, can_send_welcome_messages: false };
  }
  return { status, user };
};
const restricted = (isMember: boolean): ChatMember => ({ status: 'restricted', user, is_member: isMember, until_date: 0, ...API_CONSTANTS.ALL_CHAT_PERMISSIONS });
const IN: GroupAnswer = { kind: 'in', user };
const LEFT: GroupAnswer = { kind: 'out', status: 'left', user };

describe('telegram membership verdict', () => {
  test('in a group: creator, administrator, member, restricted while a member; out: left, kicked, restricted outside', () => {
    assert.deepEqual(
      (['creator', 'administrator', 'member', 'left', 'kicked'] as const).map((s) => isInChat(member(s))),
      [true, true, true, false, false],
    );
    assert.equal(isInChat(restricted(true)), true);
    assert.equal(isInChat(restricted(false)), false);
    assert.deepEqual(answerOf(member('kicked')), { kind: 'out', status: 'kicked', user });
    assert.deepEqual(answerOf(restricted(false)), { kind: 'out', status: 'restricted', user });
    assert.deepEqual(answerOf(member('member')), IN);
  });

  test('one group with the user in it is enough; every group out loses access, with the reason', () => {
    assert.deepEqual(verdictOf(['-1', '-2'], [{ group: '-1', answer: LEFT }, { group: '-2', answer: IN }]), { kind: 'access', group: '-2', user });
    assert.deepEqual(verdictOf(['-1', '-2'], [{ group: '-1', answer: { kind: 'out', status: 'kicked' } }, { group: '-2', answer: { kind: 'out', status: 'not found' } }]), {
      kind: 'lost',
      reason: 'not a member of any required group (kicked from group -1, unknown to Telegram in group -2)',
    });
  });

  test('undecided when a group could not answer, was not asked, or none is configured; a member elsewhere still has access', () => {
    const unknown: GroupAnswer = { kind: 'unknown', reason: 'getChatMember: 403 Forbidden' };
    assert.deepEqual(verdictOf(['-1', '-2'], [{ group: '-1', answer: LEFT }, { group: '-2', answer: unknown }]), { kind: 'undecided', reason: 'group -2: getChatMember: 403 Forbidden' });
    assert.equal(verdictOf(['-1', '-2'], [{ group: '-1', answer: unknown }, { group: '-2', answer: IN }]).kind, 'access');
    assert.deepEqual(verdictOf(['-1', '-2'], [{ group: '-1', answer: LEFT }]), { kind: 'undecided', reason: 'not asked: -2' });
    assert.equal(verdictOf([], []).kind, 'undecided');
  });

  test('as the core verdict: access names the group, a loss its reason, undecided is none', () => {
    assert.deepEqual(memberVerdict('7', { kind: 'access', group: '-1', user }), { humanId: '7', hasAccess: true, reason: 'member of group -1' });
    assert.deepEqual(memberVerdict('7', { kind: 'lost', reason: 'gone' }), { humanId: '7', hasAccess: false, reason: 'gone' });
    assert.equal(memberVerdict('7', { kind: 'undecided', reason: 'x' }), null);
  });
});

describe('telegram membership check of one user', () => {
  test('asks the groups in order and stops at the first that has the user', async () => {
    const asked: string[] = [];
    const answers: Record<string, GroupAnswer> = { '-1': LEFT, '-2': IN, '-3': LEFT };
    const verdict = await checkUser(['-1', '-2', '-3'], [], async (group) => {
      asked.push(group);
      return answers[group]!;
    });
    assert.deepEqual(asked, ['-1', '-2']);
    assert.equal(verdict.kind, 'access');
  });

  test('what a notice already said is not asked again; a notice saying "in" asks nothing', async () => {
    const asked: string[] = [];
    const ask = async (group: string): Promise<GroupAnswer> => {
      asked.push(group);
      return LEFT;
    };
    assert.equal((await checkUser(['-1', '-2'], [{ group: '-1', answer: LEFT }], ask)).kind, 'lost');
    assert.deepEqual(asked, ['-2']);
    assert.equal((await checkUser(['-1', '-2'], [{ group: '-2', answer: IN }], ask)).kind, 'access');
    assert.deepEqual(asked, ['-2']);
  });
});

describe('repeated notices', () => {
  test('the same state twice within the window is a repeat; a new state, another user or a late one is not', () => {
    let now = 0;
    const recent = new RecentNotices(1000, 3, () => now);
    assert.equal(recent.isRepeat('-1', '7', false), false);
    assert.equal(recent.isRepeat('-1', '7', false), true, 'chat_member then left_chat_member');
    assert.equal(recent.isRepeat('-1', '8', false), false);
    assert.equal(recent.isRepeat('-1', '7', true), false, 'back in');
    now = 2000;
    assert.equal(recent.isRepeat('-1', '7', true), false, 'outside the window');
    for (const id of ['a', 'b', 'c']) recent.isRepeat('-1', id, true);
    assert.equal(recent.isRepeat('-1', '7', true), false, 'the oldest entry went beyond the bound');
  });
});

describe('request pacer', () => {
  test('spaces requests at the rate, a pause holds the next back, an abort ends the wait with its reason', async () => {
    const pacer = createPacer(50);
    const started = Date.now();
    for (let i = 0; i < 5; i++) await pacer.next();
    assert.ok(Date.now() - started >= 79, 'five requests at 50 a second take 80 ms');
    pacer.pause(100);
    const paused = Date.now();
    await pacer.next();
    assert.ok(Date.now() - paused >= 95);

    const abort = new AbortController();
    const slow = createPacer(1, abort.signal);
    await slow.next();
    const waiting = slow.next();
    abort.abort(new Error('stopping'));
    await assert.rejects(waiting, /stopping/);
    await assert.rejects(slow.next(), /stopping/);
  });
});

describe('registration name', () => {
  test('the username, else first and last name, else the id', () => {
    assert.equal(telegramUserName({ id: 1, first_name: 'Ash', last_name: 'K', username: 'ash' }), 'ash');
    assert.equal(telegramUserName({ id: 1, first_name: 'Ash', last_name: 'Ketchum' }), 'Ash Ketchum');
    assert.equal(telegramUserName({ id: 1, first_name: '' }), '1');
  });
});
