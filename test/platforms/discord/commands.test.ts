/**
 * Chat commands through the discord platform against the fake Discord with the real discord.js client: a
 * prefixed message from a user reaches handleCommand as the right IncomingCommand (DM, channel, registration
 * channel, thread), its replies come back (text split at 2000, reaction, rendered message, direct to the DM; the
 * text also where the bot may not react), and messages from bots or without the prefix are ignored.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CommandReply, IncomingCommand } from '../../../core/commands/types.ts';
import type { PlatformPlugin } from '../../../core/contract.ts';
import { createDiscordPlatform } from '../../../platforms/discord/platform.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { startFakeDiscord, type FakeDiscord } from '../../fakes/discord/index.ts';
import { ADMIN, CHANNEL, GUILD, recordingContext, REGISTRATION_CHANNEL, seedWorld, settingsFor, THREAD, TOKEN, USER, type RecordingContext } from './support.ts';

const LONG_LINE = 'x'.repeat(150);
/** the Add Reactions permission bit */
const ADD_REACTIONS = 1 << 6;
const LONG_TEXT = Array.from({ length: 20 }, (_, i) => `${i} ${LONG_LINE}`).join('\n');

/** Answers per command word, so each test picks its replies by what it types. */
function script(incoming: IncomingCommand): readonly CommandReply[] {
  const word = incoming.text.slice(1).split(/\s+/)[0];
  switch (word) {
    case 'track':
      return [{ reaction: '✅' }, { text: 'New: **Pikachu** | iv: 90%-100%' }];
    case 'tracked':
      return [{ text: LONG_TEXT }];
    case 'quiet':
      return [{ reaction: '👌', text: 'Nothing changed' }];
    case 'help':
      return [{ message: { platform: 'discord', body: { embed: { title: 'Help', color: '#ff0000', description: 'Commands: <@&1>' } } } }];
    case 'secret':
      return [{ direct: true, text: 'only for you' }, { text: 'check your DMs' }];
    case 'boom':
      throw new Error('command exploded');
    default:
      return [];
  }
}

describe('discord platform commands', () => {
  let fake: FakeDiscord;
  let platform: PlatformPlugin;
  let ctx: RecordingContext;
  let dm: string;
  const logs = captureLog('info');

  before(async () => {
    fake = await startFakeDiscord();
    seedWorld(fake);
    ctx = recordingContext(script, logs.log);
    platform = createDiscordPlatform(settingsFor(fake));
    await platform.start!(ctx);
    dm = fake.dmChannelId(TOKEN, USER);
  });

  after(async () => {
    await platform.stop!();
    await fake.close();
  });

  test('a DM command reaches handleCommand as the sender\'s own command; reaction and text come back in the DM', async () => {
    const next = ctx.next();
    const typed = fake.userSays({ channelId: dm, authorId: USER, content: '!track pikachu iv90' });
    assert.deepEqual(await next, {
      platform: 'discord',
      text: '!track pikachu iv90',
      sender: { id: USER, name: 'ash', humanType: 'discord:user', isAdmin: false },
      place: { kind: 'dm', id: dm, name: 'ash', humanType: 'discord:user', isRegistrationChannel: false },
      prefixes: ['!'],
    });
    const [reaction] = await fake.waitForRequests(`PUT /channels/${dm}/messages/${typed.id}/reactions/:emoji/@me`);
    assert.equal(reaction!.path.split('/')[6], '✅');
    const [text] = await fake.waitForRequests(`POST /channels/${dm}/messages`);
    assert.equal((text!.body as { content: string }).content, 'New: **Pikachu** | iv: 90%-100%');
    assert.deepEqual((text!.body as { allowed_mentions: unknown }).allowed_mentions, { parse: [] });
  });

  test('where the bot may not add reactions (403, 50013) the reply text still comes, and the refusal is logged at info', async () => {
    const quiet = fake.seedChannel({ guildId: GUILD, name: 'no-reactions' });
    quiet.overwrites.set(GUILD, { id: GUILD, type: 0, allow: '0', deny: String(ADD_REACTIONS) });
    const typed = fake.userSays({ channelId: quiet.id, authorId: USER, content: '!quiet' });
    const [text] = await fake.waitForRequests(`POST /channels/${quiet.id}/messages`);
    assert.equal((text!.body as { content: string }).content, 'Nothing changed');
    const [reaction] = fake.requestsMatching(`PUT /channels/${quiet.id}/messages/${typed.id}/reactions/:emoji/@me`);
    assert.equal(reaction?.status, 403);
    const logged = logs.find('discord: could not react to a command (the reply text is still sent)');
    assert.equal(logged?.level, 'info');
    assert.deepEqual([logged?.code, logged?.status, logged?.channelId, logged?.emoji], [50013, 403, quiet.id, '👌']);
  });

  test('an admin in a registration channel: channel place, admin sender, registration flag, guild id', async () => {
    const next = ctx.next();
    fake.userSays({ channelId: REGISTRATION_CHANNEL, authorId: ADMIN, content: '!poracle' });
    assert.deepEqual(await next, {
      platform: 'discord',
      text: '!poracle',
      sender: { id: ADMIN, name: 'oak', humanType: 'discord:user', isAdmin: true },
      place: { kind: 'channel', id: REGISTRATION_CHANNEL, name: 'register', humanType: 'discord:channel', isRegistrationChannel: true, guildId: GUILD },
      prefixes: ['!'],
    });
  });

  test('a thread registers as discord:thread', async () => {
    const next = ctx.next();
    fake.userSays({ channelId: THREAD, authorId: ADMIN, content: '!start' });
    const incoming = await next;
    assert.equal(incoming.place.kind, 'channel');
    assert.equal(incoming.place.humanType, 'discord:thread');
    assert.equal(incoming.place.id, THREAD);
    assert.equal(incoming.place.isRegistrationChannel, false);
  });

  test('long text is split at 2000 characters on line ends, in order, where the command was typed', async () => {
    const before = fake.requestsMatching(`POST /channels/${CHANNEL}/messages`).length;
    fake.userSays({ channelId: CHANNEL, authorId: ADMIN, content: '!tracked' });
    const posted = (await fake.waitForRequests(`POST /channels/${CHANNEL}/messages`, before + 2)).slice(before);
    const pieces = posted.map((r) => (r.body as { content: string }).content);
    assert.equal(pieces.length, 2);
    assert.ok(pieces.every((p) => p.length <= 2000));
    assert.equal(pieces.join('\n'), LONG_TEXT);
    assert.ok(pieces[1]!.startsWith('13 '));
  });

  test('a rendered message reply is normalised like an alert and pings no one', async () => {
    const before = fake.requestsMatching(`POST /channels/${dm}/messages`).length;
    fake.userSays({ channelId: dm, authorId: USER, content: '!help' });
    const [posted] = (await fake.waitForRequests(`POST /channels/${dm}/messages`, before + 1)).slice(before);
    assert.deepEqual(posted!.body, { embeds: [{ title: 'Help', color: 0xff0000, description: 'Commands: <@&1>' }], allowed_mentions: { parse: [] } });
  });

  test('a direct reply goes to the user\'s DM, the next one back to the channel', async () => {
    const userDmBefore = fake.requestsMatching(`POST /channels/${dm}/messages`).length;
    const channelBefore = fake.requestsMatching(`POST /channels/${CHANNEL}/messages`).length;
    fake.userSays({ channelId: CHANNEL, authorId: USER, content: '!secret' });
    const [direct] = (await fake.waitForRequests(`POST /channels/${dm}/messages`, userDmBefore + 1)).slice(userDmBefore);
    const [public_] = (await fake.waitForRequests(`POST /channels/${CHANNEL}/messages`, channelBefore + 1)).slice(channelBefore);
    assert.equal((direct!.body as { content: string }).content, 'only for you');
    assert.equal((public_!.body as { content: string }).content, 'check your DMs');
  });

  test('a direct reply that cannot be sent (DMs blocked) is logged and the next reply still goes out', async () => {
    const shy = fake.seedUser({ username: 'shy', dmBlocked: true });
    const before = fake.requestsMatching(`POST /channels/${CHANNEL}/messages`).length;
    fake.userSays({ channelId: CHANNEL, authorId: shy.id, content: '!secret' });
    const [public_] = (await fake.waitForRequests(`POST /channels/${CHANNEL}/messages`, before + 1)).slice(before);
    assert.equal((public_!.body as { content: string }).content, 'check your DMs');
    const warning = logs.find('discord: a command reply could not be sent');
    assert.equal(warning?.userId, shy.id);
  });

  test('messages from bots and messages without the prefix are ignored', async () => {
    const count = ctx.received.length;
    fake.userSays({ channelId: CHANNEL, authorId: '700000000000000099', content: '!track everything', bot: true });
    fake.userSays({ channelId: CHANNEL, authorId: USER, content: 'track pikachu' });
    fake.userSays({ channelId: dm, authorId: USER, content: 'hello !track' });
    const next = ctx.next();
    fake.userSays({ channelId: CHANNEL, authorId: USER, content: '!marker' });
    assert.equal((await next).text, '!marker');
    assert.equal(ctx.received.length, count + 1);
  });

  test('a command that throws is logged; the bot keeps taking commands', async () => {
    const failed = ctx.next();
    fake.userSays({ channelId: CHANNEL, authorId: USER, content: '!boom' });
    await failed;
    const next = ctx.next();
    fake.userSays({ channelId: CHANNEL, authorId: USER, content: '!marker again' });
    assert.equal((await next).text, '!marker again');
    assert.equal(logs.find('discord: a command failed')?.reason, 'command exploded');
  });
});
