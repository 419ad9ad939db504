/**
 * The fake Discord as a stateful guild, through discord.js's REST client: names stored as Discord stores them,
 * deleting a category frees its channels and deleting a channel takes its threads, pins, a thread member read,
 * webhooks listed with their creator and deleted by id, and the unversioned `/api/webhooks/…` path.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DiscordAPIError, REST, Routes } from 'discord.js';
import { startFakeDiscord, type FakeDiscord } from './index.ts';

const TOKEN = 'guild-token';
const GUILD = '730000000000000001';
const USER = '730000000000000010';

describe('fake discord guild state', () => {
  let fake: FakeDiscord;
  let rest: REST;

  before(async () => {
    fake = await startFakeDiscord();
    fake.seedGuild({ id: GUILD, name: 'Pogo Town' });
    fake.seedUser({ id: USER, username: 'ash' });
    rest = new REST({ api: fake.apiUrl }).setToken(TOKEN);
  });

  after(async () => {
    await fake.close();
  });

  const create = async (body: Record<string, unknown>): Promise<{ id: string; name: string; parent_id: string | null }> =>
    (await rest.post(Routes.guildChannels(GUILD), { body })) as { id: string; name: string; parent_id: string | null };

  test('text channel names are stored lower-case with dashes; categories and voice channels as given', async () => {
    assert.equal((await create({ name: 'Old Town (North)!', type: 0 })).name, 'old-town-north');
    assert.equal((await create({ name: 'Old_Town  Alerts', type: 0 })).name, 'old_town-alerts');
    assert.equal((await create({ name: 'Old Town', type: 4 })).name, 'Old Town');
    assert.equal((await create({ name: 'Old Town Voice', type: 2 })).name, 'Old Town Voice');
  });

  test('deleting a category moves its channels to the top; deleting a channel deletes its threads', async () => {
    const category = await create({ name: 'Zone', type: 4 });
    const channel = await create({ name: 'zone-alerts', type: 0, parent_id: category.id });
    const thread = (await rest.post(Routes.threads(channel.id), { body: { name: 'zone hundos', type: 12, auto_archive_duration: 10080 } })) as { id: string };
    await rest.delete(Routes.channel(category.id));
    assert.equal(fake.state.channels.get(channel.id)!.parentId, null);
    assert.ok(fake.state.channels.has(thread.id));
    await rest.delete(Routes.channel(channel.id));
    assert.equal(fake.state.channels.has(thread.id), false);
  });

  test('pins, and a thread member read (10007 for a non-member)', async () => {
    const channel = await create({ name: 'pins', type: 0 });
    const message = (await rest.post(Routes.channelMessages(channel.id), { body: { content: 'pick' } })) as { id: string };
    await rest.put(Routes.channelPin(channel.id, message.id));
    const pins = (await rest.get(Routes.channelPins(channel.id))) as { id: string; pinned: boolean }[];
    assert.deepEqual(pins.map((m) => [m.id, m.pinned]), [[message.id, true]]);
    await rest.delete(Routes.channelPin(channel.id, message.id));
    assert.deepEqual(await rest.get(Routes.channelPins(channel.id)), []);

    const thread = (await rest.post(Routes.threads(channel.id), { body: { name: 't', type: 12, auto_archive_duration: 10080 } })) as { id: string };
    await assert.rejects(rest.get(Routes.threadMembers(thread.id, USER)), (err: unknown) => err instanceof DiscordAPIError && err.code === 10007);
    await rest.put(Routes.threadMembers(thread.id, USER));
    assert.deepEqual(((await rest.get(Routes.threadMembers(thread.id, USER))) as { user_id: string }).user_id, USER);
  });

  test('webhooks list their creator, run at the unversioned URL and are deleted by id', async () => {
    const channel = await create({ name: 'hooks', type: 0 });
    const hook = (await rest.post(Routes.channelWebhooks(channel.id), { body: { name: 'Service' } })) as { id: string; token: string };
    const bot = fake.botFor(TOKEN);
    const listed = (await rest.get(Routes.channelWebhooks(channel.id))) as { id: string; user?: { id: string }; application_id: string | null }[];
    assert.deepEqual(listed.map((w) => [w.id, w.user?.id, w.application_id]), [[hook.id, bot.id, bot.id]]);
    const res = await fetch(`${fake.apiUrl}/webhooks/${hook.id}/${hook.token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'hi' }) });
    assert.equal(res.status, 204);
    assert.equal(fake.messagesIn(channel.id).at(-1)?.content, 'hi');
    await rest.delete(Routes.webhook(hook.id));
    assert.deepEqual(await rest.get(Routes.channelWebhooks(channel.id)), []);
    await assert.rejects(rest.delete(Routes.webhook(hook.id)), (err: unknown) => err instanceof DiscordAPIError && err.code === 10015);
  });
});
