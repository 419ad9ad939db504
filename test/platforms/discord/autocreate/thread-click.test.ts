/**
 * The thread picker's click handler and the thread keep-alive sweeper, through the real discord.js client against
 * the fake Discord: a member who may view the channel is added to the private thread (and told so), a second click
 * says they are already in, a member who cannot view the channel is refused, a deleted thread is reported; the
 * sweeper re-opens an archived thread, leaves an active one and counts a deleted one as gone.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Client } from 'discord.js';
import { silentLogger } from '../../../../core/log/logger.ts';
import { createGatewayClient, destroyClient, loginUntilReady } from '../../../../platforms/discord/gateway.ts';
import { createThreadKeepAlive, keepAliveIntervalMs, unarchiveThreadWith } from '../../../../platforms/discord/autocreate/keep-alive.ts';
import { pickerCustomId } from '../../../../platforms/discord/autocreate/picker.ts';
import { listenForThreadPicker } from '../../../../platforms/discord/autocreate/thread-click.ts';
import { startFakeDiscord, type FakeDiscord } from '../../../fakes/discord/index.ts';
import { until } from '../../../e2e/wait.ts';
import { settingsFor, TOKEN } from '../support.ts';

const GUILD = '720000000000000001';
const OPEN = '720000000000000002';
const CLOSED = '720000000000000003';
const OPEN_THREAD = '720000000000000004';
const CLOSED_THREAD = '720000000000000005';
const MEMBER = '720000000000000010';
const OUTSIDER = '720000000000000011';
const VIEW_CHANNEL = 1n << 10n;

describe('thread picker clicks and thread keep-alive', () => {
  let fake: FakeDiscord;
  let client: Client;

  before(async () => {
    fake = await startFakeDiscord();
    const guild = fake.seedGuild({ id: GUILD, name: 'Pogo Town', channels: [{ id: OPEN, name: 'open-master' }, { id: CLOSED, name: 'closed-master' }] });
    guild.roles.get(GUILD)!.permissions = String(VIEW_CHANNEL); // @everyone may view channels, as on Discord
    fake.state.channels.get(CLOSED)!.overwrites.set(GUILD, { id: GUILD, type: 0, allow: '0', deny: String(VIEW_CHANNEL) });
    fake.seedChannel({ id: OPEN_THREAD, guildId: GUILD, type: 12, name: 'open-hundos', parentId: OPEN });
    fake.seedChannel({ id: CLOSED_THREAD, guildId: GUILD, type: 12, name: 'closed-hundos', parentId: CLOSED });
    fake.seedUser({ id: MEMBER, username: 'ash' });
    fake.seedUser({ id: OUTSIDER, username: 'gary' });
    for (const user of [MEMBER, OUTSIDER]) guild.memberRoles.set(user, new Set());
    fake.userSays({ channelId: OPEN, authorId: MEMBER, content: 'the picker would be here' });
    fake.userSays({ channelId: CLOSED, authorId: MEMBER, content: 'and here' });
    client = createGatewayClient(settingsFor(fake));
    listenForThreadPicker(client, silentLogger());
    await loginUntilReady(client, TOKEN, 10_000);
  });

  after(async () => {
    await destroyClient(client);
    await fake.close();
  });

  async function click(channelId: string, userId: string, threadId: string): Promise<{ content: string; flags: number }> {
    const interaction = fake.clickButton({ channelId, userId, customId: pickerCustomId(channelId, threadId) });
    await until(() => interaction.responses.length > 0, 'the answer to the click');
    const response = interaction.responses[0] as { type: number; data: { content: string; flags: number } };
    assert.equal(response.type, 4);
    return response.data;
  }

  test('a member who may view the channel is added, then told they are in already', async () => {
    const added = await click(OPEN, MEMBER, OPEN_THREAD);
    assert.match(added.content, /^✅ .*open-hundos/);
    assert.equal(added.flags & 64, 64, 'ephemeral');
    assert.ok(fake.state.channels.get(OPEN_THREAD)!.threadMembers.has(MEMBER));
    const again = await click(OPEN, MEMBER, OPEN_THREAD);
    assert.match(again.content, /^👌 .*already/);
    assert.equal(again.flags & 64, 64);
  });

  test('a member who cannot view the channel is refused and not added', async () => {
    const denied = await click(CLOSED, OUTSIDER, CLOSED_THREAD);
    assert.match(denied.content, /^🙅 .*access/);
    assert.equal(denied.flags & 64, 64);
    assert.equal(fake.state.channels.get(CLOSED_THREAD)!.threadMembers.has(OUTSIDER), false);
    assert.deepEqual(fake.requestsMatching(`PUT /channels/${CLOSED_THREAD}/thread-members/${OUTSIDER}`), []);
  });

  test('a thread deleted since the picker was posted is reported', async () => {
    const gone = fake.seedChannel({ guildId: GUILD, type: 12, name: 'soon-gone', parentId: OPEN });
    fake.state.channels.delete(gone.id);
    const answer = await click(OPEN, OUTSIDER, gone.id);
    assert.match(answer.content, /^🙅 .*no longer exists/);
  });

  test('the keep-alive sweeper re-opens archived threads and counts deleted ones', async () => {
    const archived = fake.seedChannel({ guildId: GUILD, type: 12, name: 'sleepy', parentId: OPEN });
    fake.state.channels.get(archived.id)!.archived = true;
    const keepAlive = createThreadKeepAlive({ intervalHours: 24, threadIds: () => [archived.id, OPEN_THREAD, '720000000000000999'], unarchive: unarchiveThreadWith(client), log: silentLogger() });
    const result = await keepAlive.sweepNow();
    assert.deepEqual(result, { checked: 3, unarchived: 1, gone: 1, failed: 0 });
    assert.equal(fake.state.channels.get(archived.id)!.archived, false);
    assert.equal(fake.requestsMatching(`PATCH /channels/${OPEN_THREAD}`).length, 0, 'an active thread is left alone');
  });

  test('the keep-alive interval is clamped to 1–168 hours', () => {
    assert.equal(keepAliveIntervalMs(24), 24 * 3_600_000);
    assert.equal(keepAliveIntervalMs(500), 168 * 3_600_000);
    assert.equal(keepAliveIntervalMs(0), 3_600_000);
  });
});
