/**
 * Several Telegram bots and a separate command bot, against the fake Bot API with the real grammy clients: the
 * command bot alone polls and answers commands, and serves users' private chats (a bot cannot start a
 * conversation); groups and channels are spread over the `token` bots, one chat always through the same bot,
 * which also deletes its messages; without a command bot the first token takes commands. The token list is
 * checked when the module reads the configuration.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PlatformPlugin, PluginSetup } from '../../../core/contract.ts';
import { ConfigError } from '../../../core/errors.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import telegramPlatform from '../../../platforms/telegram/index.ts';
import { createTelegramPlatform } from '../../../platforms/telegram/platform.ts';
import { startFakeTelegram, type FakeTelegram } from '../../fakes/telegram/fake-telegram.ts';
import { configFromObject } from '../../helpers/config.ts';
import { platformContext, recordingHandler, telegramJob } from './harness.ts';

const COMMAND = '900:COMMAND-BOT';
const DELIVERY_A = '901:DELIVERY-A';
const DELIVERY_B = '902:DELIVERY-B';
const USER = 4242;
const GROUPS = Array.from({ length: 12 }, (_, i) => -1001000000000 - i);

async function withBots(tokens: readonly string[], commandToken: string | undefined, run: (fake: FakeTelegram, platform: PlatformPlugin) => Promise<void>): Promise<void> {
  const [main, ...extra] = commandToken ? [commandToken, ...tokens] : tokens;
  const fake = await startFakeTelegram({ token: main!, extraBots: extra.map((token) => ({ token })), chats: [{ id: USER, type: 'private', first_name: 'Ash' }, ...GROUPS.map((id) => ({ id, type: 'supergroup' as const, title: `area ${id}` }))] });
  const platform = createTelegramPlatform({ tokens, ...(commandToken ? { commandToken } : {}), apiRoot: fake.apiRoot, admins: [], registrationChats: [], discordPrefix: '!', concurrency: 4, log: silentLogger() });
  try {
    await run(fake, platform);
  } finally {
    await platform.stop?.();
    await fake.close();
  }
}

/** The tokens that sent to each chat. */
function sendersByChat(fake: FakeTelegram, method: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const r of fake.calls(method)) {
    const chat = String(r.body.chat_id);
    found.set(chat, (found.get(chat) ?? new Set()).add(r.token));
  }
  return found;
}

describe('telegram with two delivery bots and a command bot', () => {
  test('groups are spread over both delivery bots, one bot per group; private chats and commands go through the command bot', async () => {
    await withBots([DELIVERY_A, DELIVERY_B], COMMAND, async (fake, platform) => {
      const { handleCommand, received } = recordingHandler((incoming) => [{ text: `got ${incoming.text}` }]);
      await platform.start!(platformContext(handleCommand));
      assert.deepEqual([...new Set(fake.calls('getUpdates').map((r) => r.token))], [COMMAND], 'only the command bot polls');
      assert.deepEqual(fake.calls('getMe').filter((r) => r.token !== COMMAND).map((r) => r.token).sort(), [DELIVERY_A, DELIVERY_B].sort(), 'the delivery bots are checked');

      for (let round = 0; round < 2; round++) {
        for (const id of GROUPS) assert.ok((await platform.deliver(telegramJob(String(id), { content: `round ${round}` }, { target: { id: String(id), type: 'telegram:group', name: 'g', language: null } }))).ok);
        assert.ok((await platform.deliver(telegramJob(String(USER), { content: `dm ${round}` }))).ok);
      }
      const senders = sendersByChat(fake, 'sendMessage');
      for (const id of GROUPS) assert.equal(senders.get(String(id))?.size, 1, `group ${id} got its alerts from one bot`);
      const used = new Set(GROUPS.flatMap((id) => [...senders.get(String(id))!]));
      assert.deepEqual([...used].sort(), [DELIVERY_A, DELIVERY_B].sort(), 'both delivery bots deliver, the command bot does not');
      assert.deepEqual([...senders.get(String(USER))!], [COMMAND], 'private chats are served by the bot the user talks to');

      fake.userSays({ chatId: USER, chatType: 'private', fromId: USER, text: '/track pikachu' });
      const reply = await fake.waitFor('sendMessage', (b) => b.text === 'got /track pikachu');
      assert.equal(reply.token, COMMAND);
      assert.equal(received.length, 1);
    });
  });

  test('a group message is deleted by the bot that sent it', async () => {
    await withBots([DELIVERY_A, DELIVERY_B], COMMAND, async (fake, platform) => {
      const group = GROUPS[3]!;
      const target = { id: String(group), type: 'telegram:group', name: 'g', language: null };
      const outcome = await platform.deliver(telegramJob(String(group), { content: 'soon gone' }, { target }));
      assert.ok(outcome.ok && outcome.messageIds);
      assert.ok((await platform.remove!(target, outcome.messageIds)).ok);
      const [sent] = fake.calls('sendMessage');
      assert.deepEqual(fake.calls('deleteMessage').map((r) => r.token), [sent!.token]);
      assert.equal(fake.messages(group).length, 0);
    });
  });
});

describe('telegram with two tokens and no command bot', () => {
  test('the first token polls and serves private chats; groups are spread over both', async () => {
    await withBots([DELIVERY_A, DELIVERY_B], undefined, async (fake, platform) => {
      await platform.start!(platformContext(async () => []));
      assert.deepEqual([...new Set(fake.calls('getUpdates').map((r) => r.token))], [DELIVERY_A]);
      for (const id of GROUPS) assert.ok((await platform.deliver(telegramJob(String(id), { content: 'hi' }, { target: { id: String(id), type: 'telegram:group', name: 'g', language: null } }))).ok);
      assert.ok((await platform.deliver(telegramJob(String(USER), { content: 'dm' }))).ok);
      const senders = sendersByChat(fake, 'sendMessage');
      assert.deepEqual(new Set(GROUPS.flatMap((id) => [...senders.get(String(id))!])), new Set([DELIVERY_A, DELIVERY_B]));
      assert.deepEqual([...senders.get(String(USER))!], [DELIVERY_A]);
    });
  });

  test('a delivery token the Bot API refuses stops the start naming its position', async () => {
    const fake = await startFakeTelegram({ token: DELIVERY_A });
    const platform = createTelegramPlatform({ tokens: [DELIVERY_A, '903:UNKNOWN'], apiRoot: fake.apiRoot, admins: [], registrationChats: [], discordPrefix: '!', concurrency: 1, log: silentLogger() });
    try {
      await assert.rejects(platform.start!(platformContext(async () => [])), (err: unknown) => err instanceof Error && /token #2 of \[telegram\] token was refused/.test(err.message));
    } finally {
      await platform.stop!();
      await fake.close();
    }
  });
});

describe('the telegram token list', () => {
  // the module reads only the configuration and the log
  const setupWith = (telegram: Record<string, unknown>) => ({ config: configFromObject({ telegram: { enabled: true, api_root: 'http://127.0.0.1:9', ...telegram } }, 'test').config, rootDir: '.', log: silentLogger() }) as unknown as PluginSetup;
  const module = (telegram: Record<string, unknown>) => telegramPlatform(setupWith(telegram));

  test('one token, a list, or a list with a command bot make a platform', async () => {
    for (const telegram of [{ token: '1:a' }, { token: ['1:a', '2:b'] }, { token: ['1:a'], command_token: '3:c' }]) {
      const made = await module(telegram);
      assert.ok(!Array.isArray(made), JSON.stringify(telegram));
    }
    assert.deepEqual(await module({ token: [] }), []);
  });

  test('a token twice or a command token among the delivery tokens is refused', async () => {
    await assert.rejects(() => module({ token: ['1:a', '1:a'] }), (err: unknown) => err instanceof ConfigError && /\[telegram\] token lists the same bot token twice/.test(err.message));
    await assert.rejects(() => module({ token: ['1:a'], command_token: '1:a' }), (err: unknown) => err instanceof ConfigError && /\[telegram\] command_token is also listed in token/.test(err.message));
  });
});
