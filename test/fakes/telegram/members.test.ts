/**
 * Group members in the fake Telegram: getChatMember answers as Telegram does (statuses, restricted members,
 * unknown accounts, unknown chats), and a member's status change queues a `chat_member` update, delivered only to
 * a bot that allowed it in getUpdates (remembered between polls), plus the group's service message.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { API_CONSTANTS, Bot, GrammyError } from 'grammy';
import { startFakeTelegram, type FakeTelegram } from './fake-telegram.ts';

const GROUP = -1001;
const OTHER_GROUP = -1002;
const ASH = 7;
const MISTY = 8;

async function call(fake: FakeTelegram, method: string, body: Record<string, unknown> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${fake.apiRoot}/bot${fake.token}/${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

type Update = Record<string, Record<string, unknown>> & { update_id: number };

const typeOf = (update: Update): string | undefined => Object.keys(update).find((key) => key !== 'update_id');

async function poll(fake: FakeTelegram, body: Record<string, unknown> = {}): Promise<Update[]> {
  const { json } = await call(fake, 'getUpdates', { timeout: 0, ...body });
  return json.result as Update[];
}

describe('fake Telegram group members', () => {
  let fake: FakeTelegram;
  beforeEach(async () => {
    fake = await startFakeTelegram({
      chats: [
        { id: GROUP, type: 'supergroup', title: 'Register here' },
        { id: OTHER_GROUP, type: 'supergroup', title: 'Second group' },
      ],
      users: [{ id: ASH, first_name: 'Ash', last_name: 'Ketchum', username: 'ash' }],
    });
    fake.addUser({ id: MISTY, first_name: 'Misty' });
  });
  afterEach(async () => {
    await fake.close();
  });

  test('getChatMember: seeded statuses, a known user who never joined has left, an unknown account is 400', async () => {
    fake.setMember(GROUP, ASH, 'member');
    fake.setMember(OTHER_GROUP, ASH, 'restricted', false);
    fake.setMember(GROUP, MISTY, 'kicked');
    const member = await call(fake, 'getChatMember', { chat_id: GROUP, user_id: ASH });
    assert.deepEqual(member.json.result, { status: 'member', user: { id: ASH, is_bot: false, first_name: 'Ash', last_name: 'Ketchum', username: 'ash' } });
    const restricted = (await call(fake, 'getChatMember', { chat_id: OTHER_GROUP, user_id: ASH })).json.result as Record<string, unknown>;
    assert.deepEqual([restricted.status, restricted.is_member], ['restricted', false]);
    assert.equal(((await call(fake, 'getChatMember', { chat_id: GROUP, user_id: MISTY })).json.result as { status: string }).status, 'kicked');
    assert.equal(((await call(fake, 'getChatMember', { chat_id: OTHER_GROUP, user_id: MISTY })).json.result as { status: string }).status, 'left');
    assert.deepEqual(await call(fake, 'getChatMember', { chat_id: GROUP, user_id: 999 }), { status: 400, json: { ok: false, error_code: 400, description: 'Bad Request: user not found' } });
    assert.equal((await call(fake, 'getChatMember', { chat_id: -5, user_id: ASH })).json.description, 'Bad Request: chat not found');
    assert.equal(((await call(fake, 'getChatMember', { chat_id: GROUP, user_id: fake.bot.id })).json.result as { status: string }).status, 'administrator', 'the bot administers its groups');
    fake.block(OTHER_GROUP);
    assert.equal((await call(fake, 'getChatMember', { chat_id: OTHER_GROUP, user_id: ASH })).status, 403, 'a group that removed the bot');
  });

  test('a kick queues chat_member (not delivered by default) and the left_chat_member message', async () => {
    fake.setMember(GROUP, ASH, 'member');
    fake.setMember(GROUP, MISTY, 'administrator');
    const [memberUpdate, messageUpdate] = fake.changeMember(GROUP, ASH, { status: 'kicked', by: MISTY });
    const delivered = await poll(fake);
    assert.deepEqual(delivered.map((u) => u.update_id), [messageUpdate], 'Telegram leaves chat_member out unless asked');
    const message = delivered[0]!.message!;
    assert.deepEqual(message.left_chat_member, { id: ASH, is_bot: false, first_name: 'Ash', last_name: 'Ketchum', username: 'ash' });
    assert.equal((message.from as { id: number }).id, MISTY);
    assert.ok(memberUpdate! < messageUpdate!);
    assert.equal(((await call(fake, 'getChatMember', { chat_id: GROUP, user_id: ASH })).json.result as { status: string }).status, 'kicked');
    assert.equal(fake.allowedUpdates(), null);
  });

  test('with chat_member allowed, the update carries the old and new member; the setting is remembered', async () => {
    fake.setMember(GROUP, ASH, 'member');
    await poll(fake, { allowed_updates: ['message', 'chat_member'] });
    fake.changeMember(GROUP, ASH, { status: 'left' });
    fake.changeMember(GROUP, ASH, { status: 'member', serviceMessage: false });
    const delivered = await poll(fake);
    assert.deepEqual(delivered.map(typeOf), ['chat_member', 'message', 'chat_member']);
    const left = delivered[0]!.chat_member!;
    assert.equal((left.old_chat_member as { status: string }).status, 'member');
    assert.equal((left.new_chat_member as { status: string }).status, 'left');
    assert.equal((left.from as { id: number }).id, ASH);
    assert.equal((left.chat as { id: number }).id, GROUP);
    assert.equal((delivered[2]!.chat_member!.new_chat_member as { status: string }).status, 'member');
    assert.deepEqual(fake.allowedUpdates(), ['message', 'chat_member']);
    await poll(fake, { allowed_updates: [], offset: delivered.at(-1)!.update_id + 1 });
    fake.changeMember(GROUP, ASH, { status: 'left' });
    assert.deepEqual((await poll(fake)).map(typeOf), ['message'], 'an empty list is the default again');
  });

  test('a joining user gets new_chat_members; restricted without is_member counts as out of the group', async () => {
    fake.changeMember(GROUP, MISTY, { status: 'member' });
    fake.changeMember(GROUP, MISTY, { status: 'restricted', isMember: false });
    const messages = (await poll(fake)).map((u) => u.message!);
    assert.deepEqual(messages[0]!.new_chat_members, [{ id: MISTY, is_bot: false, first_name: 'Misty' }]);
    assert.equal((messages[1]!.left_chat_member as { id: number }).id, MISTY);
    assert.throws(() => fake.changeMember(GROUP, 999, { status: 'member' }), /must be known/);
  });

  test('the real grammy Bot receives chat_member updates when it lists them, and reads members', async () => {
    fake.setMember(GROUP, ASH, 'creator');
    const bot = new Bot(fake.token, { client: { apiRoot: fake.apiRoot } });
    const statuses: string[] = [];
    bot.on('chat_member', (ctx) => void statuses.push(ctx.chatMember.new_chat_member.status));
    let started!: () => void;
    const startedPromise = new Promise<void>((resolve) => (started = resolve));
    const running = bot.start({ allowed_updates: [...API_CONSTANTS.DEFAULT_UPDATE_TYPES, 'chat_member'], onStart: () => started() });
    await startedPromise;
    fake.changeMember(GROUP, ASH, { status: 'left' });
    await fake.waitFor('getUpdates', (body) => body.offset !== undefined && Number(body.offset) > 2);
    assert.deepEqual(statuses, ['left']);
    assert.equal((await bot.api.getChatMember(GROUP, ASH)).status, 'left');
    await assert.rejects(bot.api.getChatMember(GROUP, 4242), (err: unknown) => err instanceof GrammyError && err.error_code === 400 && /user not found/.test(err.description));
    await bot.stop();
    await running;
  });
});
