/**
 * Several Discord bots and a separate command bot, against the fake Discord with the real discord.js clients:
 * with `[discord] command_token` the command bot alone logs in to the gateway and answers commands (also the
 * direct ones, in its own DM), while alerts to many targets are spread over the `token` bots only, one target
 * always through the same bot; the token list is checked when the settings are read.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CommandReply, IncomingCommand } from '../../../core/commands/types.ts';
import type { PlatformPlugin } from '../../../core/contract.ts';
import { ConfigError } from '../../../core/errors.ts';
import { createDiscordPlatform } from '../../../platforms/discord/platform.ts';
import { discordSettings } from '../../../platforms/discord/settings.ts';
import { startFakeDiscord, type FakeDiscord } from '../../fakes/discord/index.ts';
import { configFromObject } from '../../helpers/config.ts';
import { CHANNEL, GUILD, job, recordingContext, seedWorld, settingsFor, USER, type RecordingContext } from './support.ts';

const DELIVERY_A = 'delivery-token-a';
const DELIVERY_B = 'delivery-token-b';
const COMMAND = 'command-token';

function script(incoming: IncomingCommand): readonly CommandReply[] {
  const word = incoming.text.slice(1).split(/\s+/)[0];
  if (word === 'secret') return [{ direct: true, text: 'only for you' }, { text: 'check your DMs' }];
  return [{ text: `you said ${word}` }];
}

/** The token each target's requests used, by the target id in the path. */
function tokensByTarget(fake: FakeDiscord, pattern: string, idAt: (path: string) => string): Map<string, Set<string | null>> {
  const found = new Map<string, Set<string | null>>();
  for (const request of fake.requestsMatching(pattern)) {
    const id = idAt(request.path);
    found.set(id, (found.get(id) ?? new Set()).add(request.token));
  }
  return found;
}

describe('discord with two delivery bots and a command bot', () => {
  let fake: FakeDiscord;
  let platform: PlatformPlugin;
  let ctx: RecordingContext;
  const channels: string[] = [];
  const users: string[] = [];

  before(async () => {
    fake = await startFakeDiscord();
    seedWorld(fake);
    for (let i = 0; i < 12; i++) channels.push(fake.seedChannel({ guildId: GUILD, name: `area-${i}` }).id);
    for (let i = 0; i < 8; i++) users.push(fake.seedUser({ id: `7100000000000000${10 + i}`, username: `trainer${i}` }).id);
    ctx = recordingContext(script);
    platform = createDiscordPlatform(settingsFor(fake, { tokens: [DELIVERY_A, DELIVERY_B], commandToken: COMMAND }));
    await platform.start!(ctx);
  });

  after(async () => {
    await platform.stop!();
    await fake.close();
  });

  test('only the command bot logs in to the gateway; the delivery bots are checked over REST', () => {
    assert.deepEqual(fake.gateway.identifies.map((i) => i.token), [COMMAND]);
    assert.deepEqual(fake.requestsMatching('GET /users/@me').map((r) => r.token).sort(), [DELIVERY_A, DELIVERY_B].sort());
  });

  test('alerts to channels and DMs are spread over both delivery bots, each target always through one, never the command bot', async () => {
    for (let round = 0; round < 2; round++) {
      for (const id of channels) assert.ok((await platform.deliver(job({ id, type: 'discord:channel' }, { content: `round ${round}` }))).ok);
      for (const id of users) assert.ok((await platform.deliver(job({ id, type: 'discord:user' }, { content: `dm ${round}` }))).ok);
    }
    const byChannel = tokensByTarget(fake, 'POST /channels/:id/messages', (path) => path.split('/')[2]!);
    for (const id of channels) assert.equal(byChannel.get(id)?.size, 1, `channel ${id} got its alerts from one bot`);
    const dmOpened = fake.requestsMatching('POST /users/@me/channels');
    const byUser = new Map<string, Set<string | null>>();
    for (const r of dmOpened) {
      const recipient = String((r.body as { recipient_id?: unknown }).recipient_id);
      byUser.set(recipient, (byUser.get(recipient) ?? new Set()).add(r.token));
    }
    for (const id of users) assert.equal(byUser.get(id)?.size, 1, `user ${id} got a DM channel from one bot`);
    for (const id of users) {
      const [token] = [...byUser.get(id)!];
      assert.equal(fake.messagesIn(fake.dmChannelId(token!, id)).length, 2, `both alerts to ${id} are in that bot's DM`);
    }
    const used = new Set([...byChannel.values(), ...byUser.values()].flatMap((s) => [...s]));
    assert.deepEqual([...used].sort(), [DELIVERY_A, DELIVERY_B].sort());
  });

  const inChannel = `POST /channels/${CHANNEL}/messages`;

  test('a command in a channel is answered by the command bot only', async () => {
    const before = fake.requests.length;
    const sentBefore = fake.requestsMatching(inChannel).length;
    fake.userSays({ channelId: CHANNEL, guildId: GUILD, authorId: USER, content: '!track pikachu' });
    const answers = await fake.waitForRequests(inChannel, sentBefore + 1);
    assert.equal(ctx.received.at(-1)?.text, '!track pikachu');
    assert.equal((answers.at(-1)!.body as { content?: string }).content, 'you said track');
    assert.deepEqual(fake.requests.slice(before).filter((r) => r.method === 'POST').map((r) => r.token), [COMMAND]);
  });

  test("a direct reply goes to the DM the command bot opens, apart from the delivery bots' DMs", async () => {
    const before = fake.requests.length;
    const sentBefore = fake.requestsMatching(inChannel).length;
    fake.userSays({ channelId: CHANNEL, guildId: GUILD, authorId: USER, content: '!secret' });
    await fake.waitForRequests(inChannel, sentBefore + 1);
    assert.deepEqual(fake.messagesIn(fake.dmChannelId(COMMAND, USER)).map((m) => m.content), ['only for you']);
    const sent = fake.requests.slice(before).filter((r) => r.method === 'POST');
    assert.ok(sent.length >= 2);
    assert.ok(sent.every((r) => r.token === COMMAND), 'every reply request came from the command bot');
  });
});

describe('the discord token list', () => {
  const read = (discord: Record<string, unknown>) => discordSettings(configFromObject({ discord: { enabled: true, ...discord } }, 'test').config);

  test('one token or a list; blank entries are left out; command_token splits the bots', () => {
    assert.deepEqual(read({ token: 'solo' })?.tokens, ['solo']);
    assert.deepEqual(read({ token: ['a', ' ', 'b'] })?.tokens, ['a', 'b']);
    assert.equal(read({ token: ['a', 'b'] })?.commandToken, undefined);
    const split = read({ token: ['a', 'b'], command_token: 'c' });
    assert.deepEqual([split?.tokens, split?.commandToken], [['a', 'b'], 'c']);
    assert.equal(read({ token: [] }), null);
  });

  test('a token twice, a command token among the delivery tokens, or a command token alone is refused with the key named', () => {
    assert.throws(() => read({ token: ['a', 'b', 'a'] }), (err: unknown) => err instanceof ConfigError && /\[discord\] token lists the same bot token twice \(entry 3\)/.test(err.message));
    assert.throws(() => read({ token: ['a', 'b'], command_token: 'b' }), (err: unknown) => err instanceof ConfigError && /command_token is also listed in token/.test(err.message));
    assert.throws(() => read({ token: [], command_token: 'c' }), (err: unknown) => err instanceof ConfigError && /command_token is set but token lists no delivery bot/.test(err.message));
  });

  test('upload_embed_images is off by default and read when set', () => {
    assert.equal(read({ token: 'a' })?.uploadEmbedImages, false);
    assert.equal(read({ token: 'a', upload_embed_images: true })?.uploadEmbedImages, true);
  });
});
