/**
 * The telegram platform's edits in place and replies through the real grammy client to the fake Bot API: the text
 * piece edited (sticker and pin left), the same text again counts as edited, a message whose text pieces differ or
 * that is gone cannot be edited, Markdown Telegram cannot parse is edited in as plain text, and a reply goes with the
 * first text piece (sent anyway when the message it answers is gone).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cantParseEntities } from '../../fakes/telegram/errors.ts';
import { telegramJob, withTelegram } from './harness.ts';

const USER = 1001;
const chats = [{ id: USER, type: 'private' as const, first_name: 'Ash' }];
const AT = { latitude: 51.5007, longitude: -0.1246 };
const EGG = { content: '*Egg: Legendary*', sticker: 'https://img.example/egg.webp', location: true };
const RAID = { content: '*Raid: Mewtwo*', sticker: 'https://img.example/150.webp', location: true };

describe('telegram edit and reply', () => {
  test('edit replaces the text piece in place; the sticker and pin stay; the same text again is no failure', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        const sent = await platform.deliver(telegramJob(String(USER), EGG, { location: AT }));
        assert.ok(sent.ok);
        const edited = await platform.edit!(telegramJob(String(USER), RAID, { location: AT }), sent.messageIds!);
        assert.deepEqual(edited, { ok: true, messageIds: sent.messageIds });
        const calls = fake.calls('editMessageText');
        assert.equal(calls.length, 1);
        const text = fake.messages(USER).find((m) => m.method === 'sendMessage')!;
        assert.deepEqual(calls[0]!.body, { chat_id: USER, message_id: text.message_id, text: '*Raid: Mewtwo*', parse_mode: 'Markdown', link_preview_options: { is_disabled: true } });
        assert.equal(text.text, '*Raid: Mewtwo*');
        assert.ok(text.edit_date !== undefined);
        assert.deepEqual(fake.messages(USER).map((m) => m.method), ['sendSticker', 'sendMessage', 'sendLocation'], 'nothing new was sent');
        assert.deepEqual(await platform.edit!(telegramJob(String(USER), RAID, { location: AT }), sent.messageIds!), { ok: true, messageIds: sent.messageIds });
      },
      { fake: { chats } },
    );
  });

  test('a message that is gone, or whose text pieces differ in number, cannot be edited', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        const sent = await platform.deliver(telegramJob(String(USER), { content: 'one' }));
        assert.ok(sent.ok);
        const longer = await platform.edit!(telegramJob(String(USER), { content: `${'a'.repeat(4000)}\n${'b'.repeat(200)}` }), sent.messageIds!);
        assert.ok(!longer.ok && longer.permanent && /text piece/.test(longer.reason));
        await platform.remove!({ id: String(USER), type: 'telegram:user', name: 'ash', language: null }, sent.messageIds!);
        const gone = await platform.edit!(telegramJob(String(USER), { content: 'two' }), sent.messageIds!);
        assert.ok(!gone.ok && /message to edit not found/.test(gone.reason));
        assert.equal(fake.calls('editMessageText').length, 1, 'the longer one asked nothing of Telegram');
      },
      { fake: { chats } },
    );
  });

  test('markup Telegram cannot parse is edited in as plain text', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        const sent = await platform.deliver(telegramJob(String(USER), { content: 'first' }));
        assert.ok(sent.ok);
        fake.fail('editMessageText', cantParseEntities(3));
        const edited = await platform.edit!(telegramJob(String(USER), { content: 'a *b' }), sent.messageIds!);
        assert.ok(edited.ok);
        assert.deepEqual(fake.calls('editMessageText').map((r) => r.body.parse_mode ?? null), ['Markdown', null]);
      },
      { fake: { chats } },
    );
  });

  test('replyTo: the first text piece replies to the earlier text; a reply to a deleted message is still sent', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        const first = await platform.deliver(telegramJob(String(USER), EGG, { location: AT }));
        assert.ok(first.ok);
        const earlierText = fake.messages(USER).find((m) => m.method === 'sendMessage')!.message_id;
        const reply = await platform.deliver(telegramJob(String(USER), RAID, { location: AT, replyTo: first.messageIds! }));
        assert.ok(reply.ok);
        const sends = fake.requests.filter((r) => r.method.startsWith('send')).slice(3);
        assert.deepEqual(sends.map((r) => [r.method, r.body.reply_parameters ?? null]), [
          ['sendSticker', null],
          ['sendMessage', { message_id: earlierText, allow_sending_without_reply: true }],
          ['sendLocation', null],
        ]);
        assert.equal(fake.messages(USER).filter((m) => m.reply_to_message_id === earlierText).length, 1);

        await platform.remove!({ id: String(USER), type: 'telegram:user', name: 'ash', language: null }, first.messageIds!);
        const orphan = await platform.deliver(telegramJob(String(USER), { content: 'RSVP update' }, { replyTo: first.messageIds! }));
        assert.ok(orphan.ok, 'allow_sending_without_reply');
      },
      { fake: { chats } },
    );
  });
});
