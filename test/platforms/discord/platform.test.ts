/**
 * The discord platform's deliveries against the fake Discord with the real discord.js client: DM, channel and
 * thread bodies, rate limits, permanent and transient failures, clean-up deletions and several bot tokens.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { PlatformPlugin } from '../../../core/contract.ts';
import { createDiscordPlatform } from '../../../platforms/discord/platform.ts';
import { startFakeDiscord, type FakeDiscord } from '../../fakes/discord/index.ts';
import { CHANNEL, GUILD, job, recordingContext, SECOND_TOKEN, seedWorld, settingsFor, THREAD, TOKEN, USER } from './support.ts';

describe('discord platform deliveries', () => {
  let fake: FakeDiscord;
  let platform: PlatformPlugin;

  before(async () => {
    fake = await startFakeDiscord();
    seedWorld(fake);
    platform = createDiscordPlatform(settingsFor(fake));
    await platform.start!(recordingContext());
  });

  after(async () => {
    await platform.stop!();
    await fake.close();
  });

  test('declares the discord targets, templates, concurrency and prefix', () => {
    assert.equal(platform.name, 'discord');
    assert.deepEqual(platform.targetTypes, ['discord:user', 'discord:channel', 'discord:thread']);
    assert.equal(platform.templatePlatform, 'discord');
    assert.equal(platform.concurrency, 5);
    assert.equal(platform.commandPrefix, '!');
  });

  test('a DM: the DM channel is opened, the ping goes in front of the content, the embed colour is an integer', async () => {
    const body = { content: 'A wild Pikachu', embed: { color: '#A040A0', title: 'Pikachu', description: '', thumbnail: { url: 'https://img.example/25.png' } } };
    const outcome = await platform.deliver(job({ id: USER, type: 'discord:user' }, body, '<@&99>'));
    const dm = fake.dmChannelId(TOKEN, USER);
    const stored = fake.messagesIn(dm);
    assert.equal(stored.length, 1);
    assert.deepEqual(outcome, { ok: true, messageIds: [stored[0]!.id] });
    assert.deepEqual(fake.requestsMatching('POST /users/@me/channels').map((r) => r.body), [{ recipient_id: USER }]);
    const posted = fake.requestsMatching(`POST /channels/${dm}/messages`);
    assert.deepEqual(posted.map((r) => r.body), [
      { content: '<@&99> A wild Pikachu', embeds: [{ color: 0xa040a0, title: 'Pikachu', thumbnail: { url: 'https://img.example/25.png' } }] },
    ]);
    assert.equal(posted[0]!.token, TOKEN);
  });

  test('the DM channel is remembered: a second alert opens no new one', async () => {
    const opened = fake.requestsMatching('POST /users/@me/channels').length;
    const outcome = await platform.deliver(job({ id: USER, type: 'discord:user' }, { content: 'again' }));
    assert.ok(outcome.ok);
    assert.equal(fake.requestsMatching('POST /users/@me/channels').length, opened);
  });

  test('a channel and a thread receive their messages', async () => {
    const inChannel = await platform.deliver(job({ id: CHANNEL, type: 'discord:channel' }, { embed: { title: 'Raid', color: 16711680 } }));
    const inThread = await platform.deliver(job({ id: THREAD, type: 'discord:thread' }, { content: 'hundo' }));
    assert.deepEqual(inChannel, { ok: true, messageIds: [fake.messagesIn(CHANNEL).at(-1)!.id] });
    assert.deepEqual(inThread, { ok: true, messageIds: [fake.messagesIn(THREAD).at(-1)!.id] });
    assert.deepEqual(fake.messagesIn(CHANNEL).at(-1)!.embeds, [{ title: 'Raid', color: 0xff0000 }]);
    assert.equal(fake.messagesIn(THREAD).at(-1)!.content, 'hundo');
  });

  test('a 429 with Retry-After delays the message but it is delivered exactly once', async () => {
    fake.failNext(`POST /channels/${CHANNEL}/messages`, { status: 429, retryAfterSeconds: 0.05 });
    const before = fake.messagesIn(CHANNEL).length;
    const outcome = await platform.deliver(job({ id: CHANNEL, type: 'discord:channel' }, { content: 'slow down' }));
    assert.ok(outcome.ok);
    assert.deepEqual(fake.requestsMatching(`POST /channels/${CHANNEL}/messages`).slice(-2).map((r) => r.status), [429, 200]);
    assert.equal(fake.messagesIn(CHANNEL).length, before + 1);
    assert.equal(fake.messagesIn(CHANNEL).at(-1)!.content, 'slow down');
  });

  test('50007 (the user blocks DMs) is permanent', async () => {
    const blocked = fake.seedUser({ dmBlocked: true });
    const outcome = await platform.deliver(job({ id: blocked.id, type: 'discord:user' }, { content: 'hi' }));
    assert.equal(outcome.ok, false);
    assert.ok(!outcome.ok && outcome.permanent);
    assert.match(!outcome.ok ? outcome.reason : '', /code 50007/);
  });

  test('unknown channel (10003) and unknown user (10013) are permanent', async () => {
    const channel = await platform.deliver(job({ id: '799999999999999999', type: 'discord:channel' }, { content: 'x' }));
    const user = await platform.deliver(job({ id: '799999999999999998', type: 'discord:user' }, { content: 'x' }));
    assert.ok(!channel.ok && channel.permanent && /code 10003/.test(channel.reason));
    assert.ok(!user.ok && user.permanent && /code 10013/.test(user.reason));
  });

  test('5xx that outlast discord.js retries are transient', async () => {
    fake.failNext(`POST /channels/${THREAD}/messages`, { status: 502, code: 0, message: 'Bad Gateway' }, 4);
    const outcome = await platform.deliver(job({ id: THREAD, type: 'discord:thread' }, { content: 'x' }));
    assert.ok(!outcome.ok && !outcome.permanent);
    assert.equal(fake.requestsMatching(`POST /channels/${THREAD}/messages`).filter((r) => r.status === 502).length, 4);
  });

  test('nothing to show or a target id that is no Discord id: permanent without a request', async () => {
    const count = fake.requests.length;
    const empty = await platform.deliver(job({ id: CHANNEL, type: 'discord:channel' }, { content: '  ', embed: { color: '#fff' } }));
    const badId = await platform.deliver(job({ id: 'not-an-id', type: 'discord:channel' }, { content: 'x' }));
    assert.ok(!empty.ok && empty.permanent);
    assert.ok(!badId.ok && badId.permanent);
    assert.equal(fake.requests.length, count);
  });

  test('edit replaces a delivered message in place (content and components cleared when the new one has none); a deleted one fails', async () => {
    const target = { id: CHANNEL, type: 'discord:channel' };
    const sent = await platform.deliver(job(target, { content: 'Egg', embed: { title: 'Egg: Legendary' } }));
    assert.ok(sent.ok);
    const edited = await platform.edit!(job(target, { embed: { title: 'Raid: Mewtwo', color: 255 } }), sent.messageIds!);
    assert.deepEqual(edited, { ok: true, messageIds: sent.messageIds });
    const patched = fake.requestsMatching(`PATCH /channels/${CHANNEL}/messages/${sent.messageIds![0]}`);
    assert.deepEqual(patched.map((r) => r.body), [{ content: '', embeds: [{ title: 'Raid: Mewtwo', color: 255 }], components: [] }]);
    const stored = fake.messagesIn(CHANNEL).find((m) => m.id === sent.messageIds![0])!;
    assert.equal(stored.content, '');
    assert.deepEqual(stored.embeds, [{ title: 'Raid: Mewtwo', color: 255 }]);
    assert.ok(stored.editedAt !== null);

    fake.state.deleteMessage(sent.messageIds![0]!);
    const gone = await platform.edit!(job(target, { content: 'again' }), sent.messageIds!);
    assert.ok(!gone.ok && /code 10008/.test(gone.reason), 'Unknown Message: the core sends anew');
  });

  test('a job with replyTo is sent as a reply; a reply to a deleted message is sent as a plain message', async () => {
    const target = { id: USER, type: 'discord:user' };
    const first = await platform.deliver(job(target, { content: 'Egg' }));
    assert.ok(first.ok);
    const reply = await platform.deliver({ ...job(target, { content: 'Raid' }), replyTo: first.messageIds! });
    assert.ok(reply.ok);
    const dm = fake.dmChannelId(TOKEN, USER);
    const replied = fake.messagesIn(dm).find((m) => m.id === reply.messageIds![0])!;
    assert.equal(replied.referencedId, first.messageIds![0]);
    assert.deepEqual(fake.requestsMatching(`POST /channels/${dm}/messages`).at(-1)!.body, { content: 'Raid', embeds: [], message_reference: { message_id: first.messageIds![0], fail_if_not_exists: false } });

    fake.state.deleteMessage(first.messageIds![0]!);
    const orphan = await platform.deliver({ ...job(target, { content: 'RSVP' }), replyTo: first.messageIds! });
    assert.ok(orphan.ok);
    assert.equal(fake.messagesIn(dm).find((m) => m.id === orphan.messageIds![0])!.referencedId, null);
  });

  test('remove deletes the delivered messages, in a channel and in a DM; an already deleted one is fine', async () => {
    const channelTarget = { id: CHANNEL, type: 'discord:channel', name: 'alerts', language: null };
    const sent = await platform.deliver(job(channelTarget, { content: 'clean me' }));
    assert.ok(sent.ok && sent.messageIds);
    assert.deepEqual(await platform.remove!(channelTarget, sent.messageIds), { ok: true });
    assert.ok(fake.state.deletedMessageIds.includes(sent.messageIds[0]!));
    assert.deepEqual(await platform.remove!(channelTarget, sent.messageIds), { ok: true });

    const userTarget = { id: USER, type: 'discord:user', name: 'ash', language: null };
    const dmSent = await platform.deliver(job(userTarget, { content: 'clean me too' }));
    assert.ok(dmSent.ok && dmSent.messageIds);
    assert.deepEqual(await platform.remove!(userTarget, dmSent.messageIds), { ok: true });
    const dm = fake.dmChannelId(TOKEN, USER);
    assert.equal(fake.requestsMatching(`DELETE /channels/${dm}/messages/${dmSent.messageIds[0]}`).length, 1);
  });
});

describe('discord platform with several tokens and rate limits handed back', () => {
  let fake: FakeDiscord;
  let platform: PlatformPlugin;
  const channels: string[] = [];

  before(async () => {
    fake = await startFakeDiscord();
    seedWorld(fake);
    for (let i = 0; i < 12; i++) channels.push(fake.seedChannel({ guildId: GUILD, name: `area-${i}` }).id);
    platform = createDiscordPlatform(settingsFor(fake, { tokens: [TOKEN, SECOND_TOKEN], handBackRateLimitsOverMs: 1_000 }));
  });

  after(async () => {
    await platform.stop!();
    await fake.close();
  });

  test('deliveries work before start, spread over every token, and each target always goes through one bot', async () => {
    for (let round = 0; round < 2; round++) {
      for (const id of channels) assert.ok((await platform.deliver(job({ id, type: 'discord:channel' }, { content: `round ${round}` }))).ok);
    }
    const tokensByChannel = new Map<string, Set<string | null>>();
    for (const request of fake.requestsMatching('POST /channels/:id/messages')) {
      const id = request.path.split('/')[2]!;
      tokensByChannel.set(id, (tokensByChannel.get(id) ?? new Set()).add(request.token));
    }
    for (const id of channels) assert.equal(tokensByChannel.get(id)?.size, 1, `channel ${id} used one bot`);
    const used = new Set([...tokensByChannel.values()].flatMap((s) => [...s]));
    assert.deepEqual([...used].sort(), [SECOND_TOKEN, TOKEN].sort());
  });

  test('start logs in the first token on the gateway and checks the others', async () => {
    await platform.start!(recordingContext());
    assert.deepEqual(fake.gateway.identifies.map((i) => i.token), [TOKEN]);
    assert.deepEqual(fake.requestsMatching('GET /users/@me').map((r) => r.token), [SECOND_TOKEN]);
  });

  test('a rate limit longer than the hand-back bound is a transient outcome with the wait, not retried inside', async () => {
    const target = channels[0]!;
    fake.failNext(`POST /channels/${target}/messages`, { status: 429, retryAfterSeconds: 30 });
    const before = fake.requestsMatching(`POST /channels/${target}/messages`).length;
    const outcome = await platform.deliver(job({ id: target, type: 'discord:channel' }, { content: 'later' }));
    assert.ok(!outcome.ok && !outcome.permanent);
    assert.ok(!outcome.ok && outcome.retryAfterMs !== undefined && outcome.retryAfterMs >= 30_000);
    assert.equal(fake.requestsMatching(`POST /channels/${target}/messages`).length, before + 1);
  });
});
