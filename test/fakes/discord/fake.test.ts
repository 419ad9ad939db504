/**
 * The fake Discord with the real discord.js client: login over the gateway, MESSAGE_CREATE and
 * INTERACTION_CREATE reach the client, DMs and the admin routes work, injected failures surface as Discord's
 * errors, malformed payloads are refused, and a dropped connection resumes.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { ChannelType, Client, DiscordAPIError, Events, GatewayIntentBits, Partials, REST, Routes, type Interaction, type Message } from 'discord.js';
import { WebSocket } from 'ws';
import { CHANNEL_TYPES, DISCORD_ERRORS, startFakeDiscord, type FakeDiscord } from './index.ts';

const TOKEN = 'fake-token-one';
const GUILD = '111111111111111111';
const CHANNEL = '222222222222222222';
const USER = '333333333333333333';

const INTENTS = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent, GatewayIntentBits.DirectMessages];

async function loginClient(fake: FakeDiscord, token = TOKEN): Promise<Client> {
  const client = new Client({ intents: INTENTS, partials: [Partials.Channel], rest: { api: fake.apiUrl } });
  const ready = once(client, Events.ClientReady);
  await client.login(token);
  await ready;
  return client;
}

function nextMessage(client: Client): Promise<Message> {
  return new Promise((resolve) => {
    const listener = (message: Message): void => {
      if (message.author.bot) return;
      client.off(Events.MessageCreate, listener);
      resolve(message);
    };
    client.on(Events.MessageCreate, listener);
  });
}

describe('fake discord with the real discord.js client', () => {
  let fake: FakeDiscord;
  let client: Client;

  before(async () => {
    fake = await startFakeDiscord({ botName: 'Lookout' });
    fake.seedGuild({ id: GUILD, name: 'Pogo Town', channels: [{ id: CHANNEL, name: 'alerts' }], roles: [{ name: 'pokemon' }] });
    fake.seedUser({ id: USER, username: 'ash' });
    client = await loginClient(fake);
  });

  after(async () => {
    await client.destroy();
    await fake.close();
  });

  test('logs in: GET /gateway/bot, IDENTIFY with the intents, READY with the bot user, GUILD_CREATE fills the caches', () => {
    assert.equal(fake.requestsMatching('GET /gateway/bot').length, 1);
    assert.equal(fake.gateway.identifies.length, 1);
    assert.equal(fake.gateway.identifies[0]!.token, TOKEN);
    const wanted = INTENTS.reduce((a, b) => a | b, 0);
    assert.equal(fake.gateway.identifies[0]!.intents, wanted);
    assert.equal(client.user?.id, fake.botFor(TOKEN).id);
    assert.equal(client.user?.username, 'Lookout');
    assert.equal(client.guilds.cache.get(GUILD)?.name, 'Pogo Town');
    assert.equal(client.channels.cache.get(CHANNEL)?.type, ChannelType.GuildText);
  });

  test('a user message in a guild channel reaches the client as messageCreate', async () => {
    const received = nextMessage(client);
    const sent = fake.userSays({ channelId: CHANNEL, authorId: USER, content: '!track pikachu' });
    const message = await received;
    assert.equal(message.id, sent.id);
    assert.equal(message.content, '!track pikachu');
    assert.equal(message.author.id, USER);
    assert.equal(message.guildId, GUILD);
    assert.equal(message.channelId, CHANNEL);
  });

  test('a DM reaches the client through Partials.Channel', async () => {
    const received = nextMessage(client);
    const dm = fake.dmChannelId(TOKEN, USER);
    fake.userSays({ channelId: dm, authorId: USER, content: '!help' });
    const message = await received;
    assert.equal(message.channel.type, ChannelType.DM);
    assert.equal(message.guildId, null);
    assert.equal(message.content, '!help');
  });

  test('the client sends a DM: the DM channel is opened, the message stored and echoed as from the bot', async () => {
    const misty = fake.seedUser({ id: '555555555555555555', username: 'misty' });
    const user = await client.users.fetch(misty.id);
    const echoed = new Promise<Message>((resolve) => client.once(Events.MessageCreate, resolve));
    const sent = await user.send({ content: 'Hello misty', embeds: [{ title: 'Pikachu', color: 0xa040a0 }] });
    const open = fake.requestsMatching('POST /users/@me/channels');
    assert.deepEqual(open.at(-1)!.body, { recipient_id: misty.id });
    const dm = fake.dmChannelId(TOKEN, misty.id);
    const posted = fake.requestsMatching(`POST /channels/${dm}/messages`).at(-1)!;
    assert.equal(posted.token, TOKEN);
    assert.equal((posted.body as { content: string }).content, 'Hello misty');
    assert.equal(fake.messagesIn(dm).at(-1)!.id, sent.id);
    assert.equal((await echoed).author.bot, true);
  });

  test('a 429 with Retry-After is waited out by discord.js and the message goes out once', async () => {
    fake.failNext(`POST /channels/${CHANNEL}/messages`, { status: 429, retryAfterSeconds: 0.05 });
    const before = fake.messagesIn(CHANNEL).length;
    const channel = client.channels.cache.get(CHANNEL);
    assert.ok(channel?.isSendable());
    await channel.send('after the limit');
    const statuses = fake.requestsMatching(`POST /channels/${CHANNEL}/messages`).slice(-2).map((r) => r.status);
    assert.deepEqual(statuses, [429, 200]);
    assert.equal(fake.messagesIn(CHANNEL).length, before + 1);
  });

  test('a user who blocks DMs answers 50007, surfacing as DiscordAPIError', async () => {
    const blocked = fake.seedUser({ id: '444444444444444444', dmBlocked: true });
    const user = await client.users.fetch(blocked.id);
    await assert.rejects(user.send('hi'), (err: unknown) => err instanceof DiscordAPIError && err.code === 50007 && err.status === 403);
  });

  test('injected errors keep Discord\'s shape: unknown channel 10003, unknown user 10013', async () => {
    const rest = new REST({ api: fake.apiUrl }).setToken(TOKEN);
    await assert.rejects(rest.post(Routes.channelMessages('999999999999999999'), { body: { content: 'x' } }), (err: unknown) => err instanceof DiscordAPIError && err.code === 10003);
    fake.failNext('POST /users/@me/channels', DISCORD_ERRORS.unknownUser);
    await assert.rejects(rest.post(Routes.userChannels(), { body: { recipient_id: USER } }), (err: unknown) => err instanceof DiscordAPIError && err.code === 10013 && err.status === 404);
  });

  test('a button click reaches the client as an interaction and its reply arrives at the callback', async () => {
    const interaction = new Promise<Interaction>((resolve) => client.once(Events.InteractionCreate, resolve));
    const clicked = fake.clickButton({ channelId: CHANNEL, userId: USER, customId: 'join:area' });
    const received = await interaction;
    assert.ok(received.isButton());
    assert.equal(received.customId, 'join:area');
    assert.equal(received.user.id, USER);
    await received.reply({ content: 'Joined', flags: 64 });
    assert.equal(clicked.responses.length, 1);
    const response = clicked.responses[0] as { type: number; data: { content: string; flags: number } };
    assert.equal(response.type, 4);
    assert.equal(response.data.content, 'Joined');
    assert.equal(response.data.flags, 64);
    const callback = fake.requestsMatching(`POST /interactions/${clicked.id}/:token/callback`)[0]!;
    assert.equal(callback.token, null);
    assert.equal(callback.status, 204);
  });

  test('a dropped gateway connection resumes, and events sent meanwhile arrive', async () => {
    const resumed = once(client, Events.ShardResume);
    fake.gateway.dropConnections();
    const received = nextMessage(client);
    fake.userSays({ channelId: CHANNEL, authorId: USER, content: 'while away' });
    await resumed;
    assert.equal((await received).content, 'while away');
    assert.equal(fake.gateway.resumes, 1);
    assert.equal(fake.gateway.identifies.length, 1);
  });
});

describe('fake discord admin routes', () => {
  let fake: FakeDiscord;
  let rest: REST;

  before(async () => {
    fake = await startFakeDiscord();
    fake.seedGuild({ id: GUILD, channels: [{ id: CHANNEL, name: 'general' }] });
    fake.seedUser({ id: USER });
    rest = new REST({ api: fake.apiUrl }).setToken(TOKEN);
  });

  after(() => fake.close());

  test('categories, channels, overwrites, threads, members, webhooks and roles', async () => {
    const category = (await rest.post(Routes.guildChannels(GUILD), { body: { name: 'Area', type: 4 } })) as { id: string; type: number };
    assert.equal(category.type, CHANNEL_TYPES.category);
    const channel = (await rest.post(Routes.guildChannels(GUILD), { body: { name: 'pikachu', type: 0, parent_id: category.id } })) as { id: string; parent_id: string };
    assert.equal(channel.parent_id, category.id);
    await rest.patch(Routes.channel(channel.id), { body: { name: 'raichu', topic: 'sparks' } });
    assert.equal(fake.state.channels.get(channel.id)!.name, 'raichu');
    await rest.put(Routes.channelPermission(channel.id, USER), { body: { type: 1, allow: '1024', deny: '0' } });
    assert.deepEqual(fake.state.channels.get(channel.id)!.overwrites.get(USER), { id: USER, type: 1, allow: '1024', deny: '0' });

    const thread = (await rest.post(Routes.threads(channel.id), { body: { name: 'rares', type: 12 } })) as { id: string; type: number };
    assert.equal(thread.type, CHANNEL_TYPES.privateThread);
    await rest.put(Routes.threadMembers(thread.id, USER));
    const active = (await rest.get(Routes.guildActiveThreads(GUILD))) as { threads: { id: string }[] };
    assert.deepEqual(active.threads.map((t) => t.id), [thread.id]);
    assert.ok(fake.state.channels.get(thread.id)!.threadMembers.has(USER));

    const webhook = (await rest.post(Routes.channelWebhooks(channel.id), { body: { name: 'Lookout' } })) as { id: string; token: string };
    const viaHook = (await new REST({ api: fake.apiUrl }).post(Routes.webhook(webhook.id, webhook.token), {
      auth: false,
      query: new URLSearchParams({ wait: 'true', thread_id: thread.id }),
      body: { content: 'from the hook', username: 'Pikachu' },
    })) as { id: string; channel_id: string; author: { username: string } };
    assert.equal(viaHook.channel_id, thread.id);
    assert.equal(viaHook.author.username, 'Pikachu');
    await new REST({ api: fake.apiUrl }).delete(Routes.webhook(webhook.id, webhook.token), { auth: false });
    assert.equal(fake.state.webhooks.size, 0);

    const role = (await rest.post(Routes.guildRoles(GUILD), { body: { name: 'valor' } })) as { id: string };
    await rest.put(Routes.guildMemberRole(GUILD, USER, role.id));
    assert.ok(fake.state.guilds.get(GUILD)!.memberRoles.get(USER)!.has(role.id));

    const sent = (await rest.post(Routes.channelMessages(channel.id), { body: { content: 'edit me' } })) as { id: string };
    await rest.patch(Routes.channelMessage(channel.id, sent.id), { body: { content: 'edited' } });
    await rest.put(Routes.channelMessageOwnReaction(channel.id, sent.id, encodeURIComponent('✅')));
    assert.equal(fake.requests.at(-1)!.path, `/channels/${channel.id}/messages/${sent.id}/reactions/✅/@me`);
    assert.equal(fake.state.messages.get(sent.id)!.content, 'edited');
    assert.deepEqual([...fake.state.messages.get(sent.id)!.reactions], ['✅']);
    await rest.put(Routes.channelPermission(channel.id, GUILD), { body: { type: 0, allow: '0', deny: String(1 << 6) } }); // @everyone: no Add Reactions
    const refused = (err: unknown) => err instanceof DiscordAPIError && err.status === 403 && err.code === 50013 && err.message === 'Missing Permissions';
    await assert.rejects(rest.put(Routes.channelMessageOwnReaction(channel.id, sent.id, encodeURIComponent('👌'))), refused);
    await rest.delete(Routes.channelMessage(channel.id, sent.id));
    await assert.rejects(rest.delete(Routes.channelMessage(channel.id, sent.id)), (err: unknown) => err instanceof DiscordAPIError && err.code === 10008);
    assert.deepEqual(fake.state.deletedMessageIds, [sent.id]);
    await rest.delete(Routes.channel(channel.id));
    assert.equal(fake.state.channels.has(channel.id), false);
  });

  test('every request is recorded with method, path, body, token and status', async () => {
    await rest.post(Routes.channelMessages(CHANNEL), { body: { content: 'recorded' } });
    const last = fake.requests.at(-1)!;
    assert.deepEqual({ method: last.method, path: last.path, body: last.body, token: last.token, status: last.status }, {
      method: 'POST',
      path: `/channels/${CHANNEL}/messages`,
      body: { content: 'recorded' },
      token: TOKEN,
      status: 200,
    });
  });

  test('malformed REST payloads get Discord\'s 400s, never a crash', async () => {
    const post = (body: string) => fetch(`${fake.apiUrl}/v10/channels/${CHANNEL}/messages`, { method: 'POST', headers: { authorization: `Bot ${TOKEN}`, 'content-type': 'application/json' }, body });
    const invalid = await post('{"content": ');
    assert.equal(invalid.status, 400);
    assert.deepEqual(await invalid.json(), { code: 50109, message: 'The request body contains invalid JSON.' });
    const wrongType = await post('{"content": 5}');
    assert.equal(((await wrongType.json()) as { code: number }).code, 50035);
    const colour = await post('{"embeds": [{"title": "x", "color": "#A040A0"}]}');
    assert.equal(((await colour.json()) as { code: number }).code, 50035);
    const empty = await post('{}');
    assert.equal(((await empty.json()) as { code: number }).code, 50006);
    const noToken = await fetch(`${fake.apiUrl}/v10/users/@me`);
    assert.equal(noToken.status, 401);
    const unknownRoute = await fetch(`${fake.apiUrl}/v10/nothing/here`, { headers: { authorization: `Bot ${TOKEN}` } });
    assert.equal(unknownRoute.status, 404);
  });

  test('link buttons are stored as the message\'s components; components Discord refuses get its 400', async () => {
    const row = { type: 1, components: [{ type: 2, style: 5, label: 'Map', url: 'https://maps.test/1' }] };
    const sent = (await rest.post(Routes.channelMessages(CHANNEL), { body: { content: 'with a button', components: [row] } })) as { id: string; components: unknown };
    assert.deepEqual(sent.components, [row]);
    assert.deepEqual(fake.state.messages.get(sent.id)!.components, [row]);
    const refusedWith = async (components: unknown, member: RegExp) =>
      assert.rejects(rest.post(Routes.channelMessages(CHANNEL), { body: { content: 'x', components } }), (err: unknown) => err instanceof DiscordAPIError && err.code === 50035 && member.test(err.message));
    const button = (more: Record<string, unknown>) => [{ type: 1, components: [{ type: 2, style: 5, label: 'x', url: 'https://x.test', ...more }] }];
    await refusedWith(button({ url: 'javascript:alert(1)' }), /components\.0\.components\.0\.url/);
    await refusedWith(button({ url: `https://x.test/${'a'.repeat(520)}` }), /components\.0\.components\.0\.url/);
    await refusedWith(button({ label: 'x'.repeat(81) }), /components\.0\.components\.0\.label/);
    await refusedWith(button({ custom_id: 'both' }), /custom_id/);
    await refusedWith([{ type: 1, components: Array.from({ length: 6 }, () => button({})[0]!.components[0]) }], /components\.0\.components/);
    await refusedWith(Array.from({ length: 6 }, () => button({})[0]), /components/);
  });

  test('an incoming webhook (no application) keeps components only when asked with with_components=true; a bot\'s webhook always', async () => {
    const row = { type: 1, components: [{ type: 2, style: 5, label: 'Map', url: 'https://maps.test/1' }] };
    const { webhook, url } = fake.seedWebhook({ channelId: CHANNEL, name: 'Hook' });
    assert.equal(webhook.creator, null);
    const execute = (query: string) => fetch(`${url}?wait=true${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'hook', components: [row] }) });
    const dropped = (await (await execute('')).json()) as { components: unknown[] };
    const kept = (await (await execute('&with_components=true')).json()) as { components: unknown[] };
    assert.deepEqual(dropped.components, []);
    assert.deepEqual(kept.components, [row]);
    const own = (await rest.post(Routes.channelWebhooks(CHANNEL), { body: { name: 'Own' } })) as { id: string; token: string };
    const viaOwn = (await new REST({ api: fake.apiUrl }).post(Routes.webhook(own.id, own.token), { auth: false, query: new URLSearchParams({ wait: 'true' }), body: { content: 'own', components: [row] } })) as { components: unknown[] };
    assert.deepEqual(viaOwn.components, [row]);
  });

  test('a reply keeps its message_reference; an unknown one is 50035 unless fail_if_not_exists is false', async () => {
    const first = (await rest.post(Routes.channelMessages(CHANNEL), { body: { content: 'egg' } })) as { id: string };
    const reply = (await rest.post(Routes.channelMessages(CHANNEL), { body: { content: 'raid', message_reference: { message_id: first.id } } })) as { type: number; message_reference: { message_id: string } };
    assert.equal(reply.type, 19);
    assert.equal(reply.message_reference.message_id, first.id);
    await assert.rejects(rest.post(Routes.channelMessages(CHANNEL), { body: { content: 'x', message_reference: { message_id: '999' } } }), (err: unknown) => err instanceof DiscordAPIError && err.code === 50035);
    const plain = (await rest.post(Routes.channelMessages(CHANNEL), { body: { content: 'y', message_reference: { message_id: '999', fail_if_not_exists: false } } })) as { type: number; message_reference?: unknown };
    assert.equal(plain.type, 0);
    assert.equal(plain.message_reference, undefined);
  });

  test('a webhook edits its own message (PATCH /webhooks/:id/:token/messages/:mid); another webhook\'s or a deleted one is 10008', async () => {
    const { webhook } = fake.seedWebhook({ channelId: CHANNEL, name: 'Editor' });
    const other = fake.seedWebhook({ channelId: CHANNEL, name: 'Other' }).webhook;
    const hookRest = new REST({ api: fake.apiUrl });
    const sent = (await hookRest.post(Routes.webhook(webhook.id, webhook.token), { auth: false, query: new URLSearchParams({ wait: 'true' }), body: { content: 'egg' } })) as { id: string };
    const edited = (await hookRest.patch(Routes.webhookMessage(webhook.id, webhook.token, sent.id), { auth: false, body: { content: 'raid' } })) as { content: string; edited_timestamp: string | null };
    assert.equal(edited.content, 'raid');
    assert.ok(edited.edited_timestamp);
    assert.equal(fake.state.messages.get(sent.id)!.content, 'raid');
    assert.equal(fake.requestsMatching(`PATCH /webhooks/${webhook.id}/:token/messages/${sent.id}`).length, 1);
    await assert.rejects(hookRest.patch(Routes.webhookMessage(other.id, other.token, sent.id), { auth: false, body: { content: 'x' } }), (err: unknown) => err instanceof DiscordAPIError && err.code === 10008);
  });

  test('a gateway frame that is not JSON is answered by closing with 4002; the fake keeps serving', async () => {
    const socket = new WebSocket(fake.gatewayUrl);
    const [hello] = (await once(socket, 'message')) as [Buffer];
    assert.equal((JSON.parse(hello.toString()) as { op: number }).op, 10);
    socket.send('not json {');
    const [code] = (await once(socket, 'close')) as [number];
    assert.equal(code, 4002);
    const me = (await rest.get(Routes.user('@me'))) as { bot: boolean };
    assert.equal(me.bot, true);
  });

  test('seeding input is checked: non-numeric ids and unknown channels are refused', () => {
    assert.throws(() => fake.seedUser({ id: 'ash' }), TypeError);
    assert.throws(() => fake.userSays({ channelId: '999', authorId: USER, content: 'x' }), TypeError);
    assert.throws(() => fake.failNext('POST /x', DISCORD_ERRORS.serverError, 0), TypeError);
  });
});
