/**
 * The telegram platform delivering through the real grammy client to the fake Bot API: message order, parse
 * mode and link previews, pings, rate limits, permanent errors, the Markdown fallback and removal.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { badRequest, BLOCKED_BY_USER, cantParseEntities, tooManyRequests } from '../../fakes/telegram/errors.ts';
import { telegramJob, withTelegram } from './harness.ts';

const USER = 1001;
const chats = [{ id: USER, type: 'private' as const, first_name: 'Ash' }];
const PIKACHU = { content: '*Pikachu* 100% until 12:34', sticker: 'https://img.example/25.webp', location: true, webpage_preview: false };
const AT = { latitude: 51.5007, longitude: -0.1246 };

describe('telegram deliver', () => {
  test('sends the sticker, then the content (Markdown, no preview, ping in front), then the location pin', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        const outcome = await platform.deliver(telegramJob(String(USER), PIKACHU, { ping: '@ash_k', location: AT }));
        const sends = fake.requests.filter((r) => r.method.startsWith('send'));
        assert.deepEqual(
          sends.map((r) => r.method),
          ['sendSticker', 'sendMessage', 'sendLocation'],
        );
        assert.deepEqual(sends[0]!.body, { chat_id: USER, sticker: 'https://img.example/25.webp' });
        assert.deepEqual(sends[1]!.body, {
          chat_id: USER,
          text: '@ash\\_k *Pikachu* 100% until 12:34',
          parse_mode: 'Markdown',
          link_preview_options: { is_disabled: true },
        });
        assert.deepEqual(sends[2]!.body, { chat_id: USER, latitude: 51.5007, longitude: -0.1246 });
        const [sticker, text, pin] = fake.messages(USER).map((m) => m.message_id);
        assert.deepEqual(outcome, { ok: true, messageIds: [`sticker:${sticker}`, String(text), `location:${pin}`] }, 'the kinds told apart for edits');
        assert.equal(fake.messages(USER).length, 3);
      },
      { fake: { chats } },
    );
  });

  test("the template's parse_mode and webpage_preview are used; no pin without `location` or without a position", async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        await platform.deliver(telegramJob(String(USER), { content: '<b>Eevee</b> https://map.example', parse_mode: 'HTML', webpage_preview: true }, { location: AT }));
        await platform.deliver(telegramJob(String(USER), { content: 'pin wanted', location: true }));
        assert.deepEqual(
          fake.requests.filter((r) => r.method.startsWith('send')).map((r) => [r.method, r.body.parse_mode, r.body.link_preview_options]),
          [
            ['sendMessage', 'HTML', { is_disabled: false }],
            ['sendMessage', 'Markdown', { is_disabled: true }],
          ],
        );
      },
      { fake: { chats } },
    );
  });

  test('a 429 with retry_after is waited out and the message is delivered once', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        fake.fail('sendMessage', tooManyRequests(0.01));
        const outcome = await platform.deliver(telegramJob(String(USER), { content: 'hello' }));
        assert.equal(outcome.ok, true);
        assert.equal(fake.calls('sendMessage').length, 2);
        assert.deepEqual(
          fake.messages(USER).map((m) => m.text),
          ['hello'],
        );
      },
      { fake: { chats } },
    );
  });

  test('a 429 asking for longer than the platform waits in place is a transient outcome with the wait', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        fake.fail('sendMessage', tooManyRequests(120));
        const outcome = await platform.deliver(telegramJob(String(USER), { content: 'hello' }));
        assert.equal(outcome.ok, false);
        assert.equal(!outcome.ok && outcome.permanent, false);
        assert.equal(!outcome.ok && outcome.retryAfterMs, 120_000);
        assert.equal(fake.messages(USER).length, 0);
      },
      { fake: { chats } },
    );
  });

  test('blocked by the user (403) and chat not found (400) are permanent', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        fake.block(USER);
        const blocked = await platform.deliver(telegramJob(String(USER), { content: 'hello' }));
        assert.equal(blocked.ok, false);
        assert.equal(!blocked.ok && blocked.permanent, true);
        assert.match(!blocked.ok ? blocked.reason : '', /403 Forbidden: bot was blocked by the user/);
        const unknown = await platform.deliver(telegramJob('-100999', { content: 'hello' }));
        assert.equal(!unknown.ok && unknown.permanent, true);
        assert.match(!unknown.ok ? unknown.reason : '', /chat not found/);
        assert.equal(fake.calls('sendMessage').length, 2, 'neither is retried');
      },
      { fake: { chats } },
    );
  });

  test('link buttons become an inline keyboard on the last text piece, kept when the text is resent as plain text', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        const buttons = [[{ label: 'Map', url: 'https://maps.test/1' }, { label: 'App', url: 'https://app.test/?a=1&b=2' }], [{ label: 'Marker left', url: '<S<https://x.test>S>' }, { label: 'Wiki', url: 'http://wiki.test' }]];
        const keyboard = { inline_keyboard: [[{ text: 'Map', url: 'https://maps.test/1' }, { text: 'App', url: 'https://app.test/?a=1&b=2' }], [{ text: 'Wiki', url: 'http://wiki.test' }]] };
        const long = `${'a'.repeat(4000)}\n${'b'.repeat(200)}`;
        const job = telegramJob(String(USER), { ...PIKACHU, content: long }, { location: AT });
        assert.equal((await platform.deliver({ ...job, message: { ...job.message, buttons } })).ok, true);
        assert.deepEqual(
          fake.messages(USER).map((m) => [m.method, m.reply_markup]),
          [['sendSticker', undefined], ['sendMessage', undefined], ['sendMessage', keyboard], ['sendLocation', undefined]],
        );

        const markdown = telegramJob(String(USER), { content: 'Mr_Mime appeared' });
        assert.equal((await platform.deliver({ ...markdown, message: { ...markdown.message, buttons } })).ok, true);
        const resent = fake.calls('sendMessage').at(-1)!;
        assert.equal(resent.body.parse_mode, undefined, 'sent again as plain text');
        assert.deepEqual(resent.body.reply_markup, keyboard);
      },
      { fake: { chats } },
    );
  });

  test('without text the keyboard goes with the location pin, or else with the sticker', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        const buttons = [[{ label: 'Map', url: 'https://maps.test/1' }]];
        const keyboard = { inline_keyboard: [[{ text: 'Map', url: 'https://maps.test/1' }]] };
        const pinned = telegramJob(String(USER), { sticker: 'https://img.example/25.webp', location: true }, { location: AT });
        await platform.deliver({ ...pinned, message: { ...pinned.message, buttons } });
        const sticker = telegramJob(String(USER), { sticker: 'https://img.example/25.webp' });
        await platform.deliver({ ...sticker, message: { ...sticker.message, buttons } });
        assert.deepEqual(
          fake.messages(USER).map((m) => [m.method, m.reply_markup]),
          [['sendSticker', undefined], ['sendLocation', keyboard], ['sendSticker', keyboard]],
        );
      },
      { fake: { chats } },
    );
  });

  test("Markdown Telegram can't parse is resent once as plain text; failing again is permanent", async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        const outcome = await platform.deliver(telegramJob(String(USER), { content: 'Mr_Mime appeared' }));
        assert.equal(outcome.ok, true);
        const [first, second] = fake.calls('sendMessage');
        assert.equal(first!.body.parse_mode, 'Markdown');
        assert.equal(second!.body.parse_mode, undefined);
        assert.deepEqual(
          fake.messages(USER).map((m) => [m.text, m.parse_mode]),
          [['Mr_Mime appeared', undefined]],
        );

        fake.fail('sendMessage', cantParseEntities(3), { times: 2 });
        const failed = await platform.deliver(telegramJob(String(USER), { content: 'fine *bold*' }));
        assert.equal(!failed.ok && failed.permanent, true);
        assert.equal(fake.calls('sendMessage').length, 4);
      },
      { fake: { chats } },
    );
  });

  test('a sticker Telegram refuses is skipped and the content still goes out', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        fake.fail('sendSticker', badRequest('wrong file identifier/HTTP URL specified'));
        const outcome = await platform.deliver(telegramJob(String(USER), { content: 'no sticker', sticker: 'https://img.example/x.webp' }));
        assert.equal(outcome.ok, true);
        assert.deepEqual(
          fake.messages(USER).map((m) => m.method),
          ['sendMessage'],
        );
      },
      { fake: { chats } },
    );
  });

  test('remove deletes every message delivered; a message already gone is no failure', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        const outcome = await platform.deliver(telegramJob(String(USER), PIKACHU, { location: AT }));
        assert.ok(outcome.ok && outcome.messageIds?.length === 3);
        const target = { id: String(USER), type: 'telegram:user', name: 'ash', language: null };
        assert.deepEqual(await platform.remove!(target, outcome.messageIds!), { ok: true });
        assert.deepEqual(fake.messages(USER), []);
        assert.deepEqual(
          fake.calls('deleteMessage').map((r) => r.body),
          outcome.messageIds!.map((id) => ({ chat_id: USER, message_id: Number(id.replace(/^\D+:/, '')) })),
        );
        assert.deepEqual(await platform.remove!(target, outcome.messageIds!), { ok: true });
      },
      { fake: { chats } },
    );
  });

  test('a forum topic target posts into its thread; long content is split at line breaks', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        const line = 'x'.repeat(99);
        const content = Array.from({ length: 50 }, () => line).join('\n');
        const outcome = await platform.deliver(telegramJob('-100777:42', { content, parse_mode: 'HTML' }));
        assert.ok(outcome.ok && outcome.messageIds?.length === 2);
        const sent = fake.messages(-100777);
        assert.deepEqual(
          sent.map((m) => m.message_thread_id),
          [42, 42],
        );
        assert.equal(sent.map((m) => m.text).join('\n'), content);
        assert.ok(sent.every((m) => (m.text?.length ?? 0) <= 4096));
      },
      { fake: { chats: [{ id: -100777, type: 'supergroup', title: 'Raids' }] } },
    );
  });

  test('a target id that is no chat id, or a body with nothing to send, is permanent without a request', async () => {
    await withTelegram(async ({ fake, platform }) => {
      const badId = await platform.deliver(telegramJob('https://example.com/hook', { content: 'x' }));
      const empty = await platform.deliver(telegramJob(String(USER), { content: '  ', location: true }));
      assert.equal(!badId.ok && badId.permanent, true);
      assert.equal(!empty.ok && empty.permanent, true);
      assert.equal(fake.requests.length, 0);
    });
  });

  test('the blocked error surfaces as a permanent outcome from an injected 403 too', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        fake.fail('sendSticker', BLOCKED_BY_USER);
        const outcome = await platform.deliver(telegramJob(String(USER), PIKACHU, { location: AT }));
        assert.equal(!outcome.ok && outcome.permanent, true);
        assert.equal(fake.calls('sendMessage').length, 0, 'nothing more is tried');
      },
      { fake: { chats } },
    );
  });
});
