/**
 * Commands through the telegram platform: the real grammy bot long-polls the fake, hands `/track …` and
 * `!track …` to the core as IncomingCommands and sends the replies back where they belong.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CommandReply, IncomingCommand } from '../../../core/commands/types.ts';
import { LookoutError } from '../../../core/errors.ts';
import { startFakeTelegram } from '../../fakes/telegram/fake-telegram.ts';
import { createTelegramPlatform } from '../../../platforms/telegram/platform.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { platformContext, recordingHandler, withTelegram } from './harness.ts';

const ADMIN = 500;
const USER = 1001;
const GROUP = -100200;

/** Waits until the handler has seen `count` commands (each user message is answered in order). */
async function handled(received: readonly IncomingCommand[], fakeReply: Promise<unknown>, count: number): Promise<void> {
  await fakeReply;
  assert.equal(received.length, count);
}

describe('telegram commands', { timeout: 20_000 }, () => {
  test('`/track pikachu` in a private chat reaches handleCommand and the reply comes back', async () => {
    await withTelegram(async ({ fake, platform }) => {
      const { received, handleCommand } = recordingHandler(() => [{ text: 'New: **Pikachu** | iv: 90%-100%', reaction: '✅' }]);
      await platform.start!(platformContext(handleCommand));
      fake.userSays({ chatId: USER, chatType: 'private', fromId: USER, fromUsername: 'ash', text: '/track pikachu' });
      const reply = await fake.waitFor('sendMessage', (b) => b.chat_id === USER);
      assert.deepEqual(received, [
        {
          platform: 'telegram',
          text: '/track pikachu',
          sender: { id: String(USER), name: 'ash', humanType: 'telegram:user', isAdmin: false },
          place: { kind: 'dm', id: String(USER), name: 'ash', humanType: 'telegram:user', isRegistrationChannel: false },
          prefixes: ['/', '!'],
        },
      ]);
      assert.equal(reply.body.text, '✅ New: *Pikachu* | iv: 90%-100%');
      assert.equal(reply.body.parse_mode, 'Markdown');
    });
  });

  test('`!track pikachu` (the Discord-style prefix) is a command too; other text is not', async () => {
    await withTelegram(async ({ fake, platform }) => {
      const { received, handleCommand } = recordingHandler((incoming) => [{ text: `got ${incoming.text}` }]);
      await platform.start!(platformContext(handleCommand));
      fake.userSays({ chatId: USER, chatType: 'private', fromId: USER, text: 'hello there' });
      fake.userSays({ chatId: USER, chatType: 'private', fromId: USER, text: '!track pikachu' });
      await handled(received, fake.waitFor('sendMessage', (b) => b.text === 'got !track pikachu'), 1);
      assert.equal(received[0]!.text, '!track pikachu');
      assert.deepEqual(received[0]!.prefixes, ['/', '!']);
    });
  });

  test('`/track@botname` in a group is handled without the bot name; one for another bot is ignored', async () => {
    await withTelegram(
      async ({ fake, platform }) => {
        const { received, handleCommand } = recordingHandler(() => [{ text: 'ok' }]);
        await platform.start!(platformContext(handleCommand));
        fake.userSays({ chatId: GROUP, chatType: 'supergroup', chatTitle: 'Raid group', fromId: ADMIN, text: '/track@other_bot pikachu' });
        fake.userSays({ chatId: GROUP, chatType: 'supergroup', chatTitle: 'Raid group', fromId: ADMIN, fromUsername: 'prof', text: `/track@${fake.bot.username} pikachu iv90` });
        await handled(received, fake.waitFor('sendMessage', (b) => b.chat_id === GROUP), 1);
        const [incoming] = received;
        assert.equal(incoming!.text, '/track pikachu iv90');
        assert.deepEqual(incoming!.sender, { id: String(ADMIN), name: 'prof', humanType: 'telegram:user', isAdmin: true });
        assert.deepEqual(incoming!.place, { kind: 'channel', id: String(GROUP), name: 'Raid group', humanType: 'telegram:group', isRegistrationChannel: true });
      },
      { platform: { admins: [String(ADMIN)], registrationChats: [String(GROUP)] } },
    );
  });

  test('a channel post is a command of the channel itself', async () => {
    await withTelegram(async ({ fake, platform }) => {
      const { received, handleCommand } = recordingHandler(() => [{ text: 'registered' }]);
      await platform.start!(platformContext(handleCommand));
      fake.userSays({ chatId: -100300, chatType: 'channel', chatTitle: 'Hundos', fromId: 1, text: '/channel add' });
      await handled(received, fake.waitFor('sendMessage', (b) => b.chat_id === -100300), 1);
      assert.deepEqual(received[0]!.place, { kind: 'channel', id: '-100300', name: 'Hundos', humanType: 'telegram:channel', isRegistrationChannel: false });
      assert.equal(received[0]!.sender.id, '-100300');
    });
  });

  test('replies: direct ones go to the private chat, rendered messages are sent like a delivery, long text is split', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `${i}: ${'y'.repeat(90)}`).join('\n');
    const replies: CommandReply[] = [
      { reaction: '✅' },
      { text: 'Check your messages', direct: false },
      { text: 'Welcome, use /help', direct: true, message: { platform: 'telegram', body: { content: '*Greeting*', sticker: 'https://img.example/hi.webp' } } },
      { text: long },
    ];
    await withTelegram(
      async ({ fake, platform }) => {
        await platform.start!(platformContext(async () => replies));
        fake.userSays({ chatId: GROUP, chatType: 'group', fromId: USER, text: '/poracle' });
        await fake.waitFor('sendMessage', (b) => typeof b.text === 'string' && b.text.endsWith(`59: ${'y'.repeat(90)}`));
        const texts = fake.messages(GROUP).map((m) => m.text ?? '');
        assert.deepEqual(texts.slice(0, 2), ['✅', 'Check your messages']);
        assert.equal(texts.length, 4, 'the long text is two messages');
        assert.equal(texts.slice(2).join('\n'), long);
        assert.ok(texts.every((t) => t.length <= 4096));
        assert.ok(fake.messages(GROUP).every((m) => m.parse_mode === undefined), 'replies without markup go out plain');
        assert.deepEqual(
          fake.messages(USER).map((m) => [m.method, m.text ?? m.sticker]),
          [
            ['sendMessage', 'Welcome, use /help'],
            ['sendSticker', 'https://img.example/hi.webp'],
            ['sendMessage', '*Greeting*'],
          ],
        );
      },
      { fake: { chats: [{ id: USER, type: 'private', first_name: 'Ash' }] } },
    );
  });

  test('stop() ends the long poll and confirms the last update', async () => {
    await withTelegram(async ({ fake, platform }) => {
      const { received, handleCommand } = recordingHandler(() => [{ text: 'ok' }]);
      await platform.start!(platformContext(handleCommand));
      const { updateId } = fake.userSays({ chatId: USER, chatType: 'private', fromId: USER, text: '/start' });
      await fake.waitFor('sendMessage');
      await platform.stop!();
      assert.deepEqual(fake.calls('getUpdates').at(-1)!.body, { offset: updateId + 1, limit: 1 });
      assert.equal(received.length, 1);
    });
  });

  test('a token the Bot API refuses makes start() fail with a configuration error', async () => {
    const fake = await startFakeTelegram();
    const platform = createTelegramPlatform({ tokens: ['1:wrong'], apiRoot: fake.apiRoot, admins: [], registrationChats: [], discordPrefix: '!', concurrency: 1, log: silentLogger() });
    try {
      await assert.rejects(platform.start!(platformContext(async () => [])), (err: unknown) => err instanceof LookoutError && err.code === 'CONFIG_INVALID');
    } finally {
      await platform.stop!();
      await fake.close();
    }
  });
});
