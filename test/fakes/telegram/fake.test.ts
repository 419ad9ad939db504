/**
 * The fake Telegram Bot API: the real grammy Bot starts against it, receives a user's message by long polling
 * and answers through it; errors have Telegram's shape and injected failures fire as asked.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Bot, GrammyError } from 'grammy';
import { badRequest, tooManyRequests } from './errors.ts';
import { startFakeTelegram, type FakeTelegram } from './fake-telegram.ts';

async function call(fake: FakeTelegram, method: string, body: Record<string, unknown> = {}, token = fake.token): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${fake.apiRoot}/bot${token}/${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('fake Telegram with the real grammy Bot', () => {
  let fake: FakeTelegram;
  before(async () => {
    fake = await startFakeTelegram();
  });
  after(async () => {
    await fake.close();
  });

  test('starts (getMe, deleteWebhook), receives a command by long polling and sends the answer', async () => {
    const bot = new Bot(fake.token, { client: { apiRoot: fake.apiRoot } });
    const seen: string[] = [];
    bot.command('start', async (ctx) => {
      seen.push(ctx.message?.text ?? '');
      await ctx.reply('hello back');
    });
    let started!: () => void;
    const startedPromise = new Promise<void>((resolve) => (started = resolve));
    const running = bot.start({ onStart: () => started() });
    await startedPromise;
    assert.equal(bot.botInfo.username, fake.bot.username);

    fake.userSays({ chatId: 42, chatType: 'private', fromId: 42, text: '/start now' });
    const reply = await fake.waitFor('sendMessage');
    assert.equal(reply.body.chat_id, 42);
    assert.equal(reply.body.text, 'hello back');
    assert.deepEqual(seen, ['/start now']);
    assert.deepEqual(
      fake.messages(42).map((m) => m.text),
      ['hello back'],
    );

    await bot.stop();
    await running;
    const methods = fake.requests.map((r) => r.method);
    assert.deepEqual(methods.slice(0, 2), ['getMe', 'deleteWebhook']);
    const polls = fake.calls('getUpdates');
    assert.ok(polls.length >= 2);
    assert.equal(polls[0]!.body.timeout, 30, 'grammy long-polls');
    assert.deepEqual(polls.at(-1)!.body, { offset: 2, limit: 1 }, 'stop confirms the last update');
  });

  test('a group command carries a bot_command entity and the sender; a channel post has no sender', async () => {
    fake.userSays({ chatId: -1001, chatType: 'supergroup', fromId: 7, fromUsername: 'ash', text: '/track@lookout_test_bot pikachu' });
    fake.userSays({ chatId: -1002, chatType: 'channel', fromId: 7, text: '!track eevee' });
    const { json } = await call(fake, 'getUpdates', { timeout: 0 });
    const updates = json.result as Record<string, Record<string, unknown>>[];
    const group = updates.find((u) => u.message)!.message!;
    assert.deepEqual(group.entities, [{ type: 'bot_command', offset: 0, length: '/track@lookout_test_bot'.length }]);
    assert.deepEqual((group as { from: { username: string } }).from.username, 'ash');
    const post = updates.find((u) => u.channel_post)!.channel_post!;
    assert.equal(post.from, undefined);
    assert.equal(post.entities, undefined);
    assert.equal((post.chat as { type: string }).type, 'channel');
    // confirm everything so later tests start clean
    const last = updates.at(-1) as unknown as { update_id: number };
    await call(fake, 'getUpdates', { offset: last.update_id + 1, timeout: 0 });
  });
});

describe('fake Telegram semantics', () => {
  let fake: FakeTelegram;
  before(async () => {
    fake = await startFakeTelegram({ chats: [{ id: 10, type: 'private', first_name: 'Misty' }] });
  });
  after(async () => {
    await fake.close();
  });

  test('getUpdates holds the request until an update is queued, and an offset confirms', async () => {
    const pending = call(fake, 'getUpdates', { timeout: 30 });
    await fake.waitFor('getUpdates');
    const { updateId } = fake.userSays({ chatId: 10, chatType: 'private', fromId: 10, text: 'hi' });
    const { json } = await pending;
    assert.deepEqual((json.result as { update_id: number }[]).map((u) => u.update_id), [updateId]);
    const again = await call(fake, 'getUpdates', { timeout: 0 });
    assert.equal((again.json.result as unknown[]).length, 1, 'not confirmed yet');
    const confirmed = await call(fake, 'getUpdates', { offset: updateId + 1, timeout: 0 });
    assert.deepEqual(confirmed.json.result, []);
  });

  test('a wrong token is 401 Unauthorized; an unknown method 404', async () => {
    assert.deepEqual(await call(fake, 'getMe', {}, '1:wrong'), { status: 401, json: { ok: false, error_code: 401, description: 'Unauthorized' } });
    assert.equal((await call(fake, 'sendNothing')).status, 404);
    const bot = new Bot('1:wrong', { client: { apiRoot: fake.apiRoot } });
    await assert.rejects(bot.api.getMe(), (err: unknown) => err instanceof GrammyError && err.error_code === 401);
  });

  test('sends: unknown chat 400, unbalanced Markdown 400 with a byte offset, too long 400, blocked 403', async () => {
    assert.deepEqual((await call(fake, 'sendMessage', { chat_id: 999, text: 'x' })).json, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
    const markdown = await call(fake, 'sendMessage', { chat_id: 10, text: 'Mr_Mime *ok*', parse_mode: 'Markdown' });
    assert.equal(markdown.status, 400);
    assert.match(String(markdown.json.description), /^Bad Request: can't parse entities: .* byte offset 2$/);
    assert.equal((await call(fake, 'sendMessage', { chat_id: 10, text: 'Mr\\_Mime *ok*', parse_mode: 'Markdown' })).status, 200);
    assert.equal((await call(fake, 'sendMessage', { chat_id: 10, text: 'Mr_Mime' })).status, 200, 'plain text is not parsed');
    assert.equal((await call(fake, 'sendMessage', { chat_id: 10, text: 'x'.repeat(4097) })).json.description, 'Bad Request: message is too long');
    fake.addChat({ id: 11, type: 'private', first_name: 'Brock' });
    fake.block(11);
    assert.deepEqual((await call(fake, 'sendMessage', { chat_id: '11', text: 'x' })).json, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
  });

  test('injected failures answer in place of the call, as often and for the calls asked', async () => {
    fake.fail('sendMessage', tooManyRequests(3), { times: 2, when: (body) => body.text === 'slow' });
    assert.deepEqual((await call(fake, 'sendMessage', { chat_id: 10, text: 'fast' })).status, 200);
    const limited = await call(fake, 'sendMessage', { chat_id: 10, text: 'slow' });
    assert.deepEqual(limited, { status: 429, json: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 3', parameters: { retry_after: 3 } } });
    assert.equal((await call(fake, 'sendMessage', { chat_id: 10, text: 'slow' })).status, 429);
    assert.equal((await call(fake, 'sendMessage', { chat_id: 10, text: 'slow' })).status, 200);
    fake.fail('sendSticker', badRequest('wrong file identifier/HTTP URL specified'));
    assert.equal((await call(fake, 'sendSticker', { chat_id: 10, sticker: 'https://img.example/s.webp' })).status, 400);
  });

  test('an inline keyboard is kept with the message; a url button with a url Telegram refuses is 400', async () => {
    const keyboard = [[{ text: 'Map', url: 'https://maps.test/1' }, { text: 'App', url: 'tg://resolve?domain=x' }]];
    const sent = await call(fake, 'sendMessage', { chat_id: 10, text: 'with buttons', reply_markup: { inline_keyboard: keyboard } });
    assert.deepEqual((sent.json.result as { reply_markup: unknown }).reply_markup, { inline_keyboard: keyboard });
    const id = (sent.json.result as { message_id: number }).message_id;
    assert.deepEqual(fake.messages(10).find((m) => m.message_id === id)?.reply_markup, { inline_keyboard: keyboard });
    const form = new URLSearchParams({ chat_id: '10', latitude: '1', longitude: '2', reply_markup: JSON.stringify({ inline_keyboard: keyboard }) });
    const pinned = await fetch(`${fake.apiRoot}/bot${fake.token}/sendLocation`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    assert.deepEqual(((await pinned.json()) as { result: { reply_markup: unknown } }).result.reply_markup, { inline_keyboard: keyboard }, 'a form field holds it as JSON');
    const bad = await call(fake, 'sendMessage', { chat_id: 10, text: 'x', reply_markup: { inline_keyboard: [[{ text: 'Bad', url: '/relative' }]] } });
    assert.deepEqual(bad.json, { ok: false, error_code: 400, description: 'Bad Request: BUTTON_URL_INVALID' });
    assert.equal((await call(fake, 'sendMessage', { chat_id: 10, text: 'x', reply_markup: { inline_keyboard: [[{ text: '', url: 'https://x.test' }]] } })).status, 400);
    assert.equal((await call(fake, 'sendMessage', { chat_id: 10, text: 'x', reply_markup: { keyboard: [] } })).status, 400);
  });

  test('sticker, location and delete keep the chat in step; every call is recorded', async () => {
    const sticker = await call(fake, 'sendSticker', { chat_id: 10, sticker: 'https://img.example/25.webp' });
    const location = await call(fake, 'sendLocation', { chat_id: 10, latitude: 51.5, longitude: -0.12 });
    const stickerId = (sticker.json.result as { message_id: number }).message_id;
    const locationId = (location.json.result as { message_id: number }).message_id;
    assert.equal(locationId, stickerId + 1);
    assert.deepEqual((location.json.result as { location: unknown }).location, { latitude: 51.5, longitude: -0.12 });
    assert.equal((await call(fake, 'deleteMessage', { chat_id: 10, message_id: stickerId })).status, 200);
    assert.equal((await call(fake, 'deleteMessage', { chat_id: 10, message_id: stickerId })).json.description, 'Bad Request: message to delete not found');
    assert.ok(!fake.messages(10).some((m) => m.message_id === stickerId));
    assert.ok(fake.messages(10).some((m) => m.message_id === locationId && m.location?.latitude === 51.5));
    assert.deepEqual(fake.calls('deleteMessage').map((r) => r.body.message_id), [stickerId, stickerId]);
  });
});

describe('fake Telegram edits and replies', () => {
  let fake: FakeTelegram;
  before(async () => {
    fake = await startFakeTelegram({ chats: [{ id: 20, type: 'private', first_name: 'Brock' }] });
  });
  after(async () => {
    await fake.close();
  });

  test('editMessageText changes a text message; unknown, textless and unchanged ones answer 400 as Telegram does', async () => {
    const sent = await call(fake, 'sendMessage', { chat_id: 20, text: 'egg' });
    const id = (sent.json.result as { message_id: number }).message_id;
    const pin = await call(fake, 'sendLocation', { chat_id: 20, latitude: 1, longitude: 2 });
    const pinId = (pin.json.result as { message_id: number }).message_id;
    const edited = await call(fake, 'editMessageText', { chat_id: 20, message_id: id, text: 'raid' });
    assert.equal(edited.status, 200);
    assert.equal((edited.json.result as { text: string; edit_date?: number }).text, 'raid');
    assert.ok((edited.json.result as { edit_date?: number }).edit_date);
    assert.equal(fake.messages(20).find((m) => m.message_id === id)!.text, 'raid');
    const same = await call(fake, 'editMessageText', { chat_id: 20, message_id: id, text: 'raid' });
    assert.equal(same.status, 400);
    assert.match(String(same.json.description), /message is not modified/);
    assert.match(String((await call(fake, 'editMessageText', { chat_id: 20, message_id: pinId, text: 'x' })).json.description), /no text in the message to edit/);
    assert.match(String((await call(fake, 'editMessageText', { chat_id: 20, message_id: 999, text: 'x' })).json.description), /message to edit not found/);
  });

  test('reply_parameters: a reply names its message; an unknown one is refused unless allow_sending_without_reply', async () => {
    const first = await call(fake, 'sendMessage', { chat_id: 20, text: 'first' });
    const id = (first.json.result as { message_id: number }).message_id;
    const reply = await call(fake, 'sendMessage', { chat_id: 20, text: 'second', reply_parameters: { message_id: id } });
    assert.equal((reply.json.result as { reply_to_message: { message_id: number } }).reply_to_message.message_id, id);
    assert.equal(fake.messages(20).at(-1)!.reply_to_message_id, id);
    const refused = await call(fake, 'sendMessage', { chat_id: 20, text: 'third', reply_parameters: { message_id: 999 } });
    assert.equal(refused.status, 400);
    assert.match(String(refused.json.description), /message to be replied not found/);
    const anyway = await call(fake, 'sendMessage', { chat_id: 20, text: 'third', reply_parameters: { message_id: 999, allow_sending_without_reply: true } });
    assert.equal(anyway.status, 200);
    assert.equal(fake.messages(20).at(-1)!.reply_to_message_id, undefined);
  });
});
