/**
 * The webhook platform editing a message it posted (`edit` rules) against the fake Discord's webhooks, in the wire
 * format Discord speaks: `PATCH /webhooks/{id}/{token}/messages/{message}` (with `thread_id` for a thread), every
 * part given; a message that is gone answers 10008 and the edit fails (the core then posts anew); `replyTo` is
 * ignored (webhooks cannot reply).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { DeliveryJob } from '../../../core/contract.ts';
import { createWebhookPlatform } from '../../../platforms/webhook/platform.ts';
import { startFakeDiscord, type FakeDiscord } from '../../fakes/discord/index.ts';

const GUILD = '810000000000000001';
const CHANNEL = '810000000000000002';
const THREAD = '810000000000000003';

function webhookJob(url: string, body: Record<string, unknown>, extra: Partial<DeliveryJob> = {}): DeliveryJob {
  return {
    target: { id: url, type: 'webhook', name: 'hook', language: null },
    message: { platform: 'discord', body },
    meta: { eventId: 'ev-1', webhookType: 'raid', receivedAt: 0 },
    alertType: 'raid',
    ping: '',
    clean: 2,
    expiresAt: null,
    ...extra,
  };
}

describe('webhook platform edits', () => {
  let fake: FakeDiscord;
  let url: string;
  let webhookId: string;
  const platform = createWebhookPlatform({ concurrency: 2, commandPrefix: '!' });

  before(async () => {
    fake = await startFakeDiscord();
    fake.seedGuild({ id: GUILD, channels: [{ id: CHANNEL, name: 'raids' }] });
    fake.seedChannel({ id: THREAD, guildId: GUILD, type: 11, name: 'eggs', parentId: CHANNEL });
    const seeded = fake.seedWebhook({ channelId: CHANNEL });
    url = seeded.url;
    webhookId = seeded.webhook.id;
  });

  after(async () => {
    await fake.close();
  });

  test('the posted message is edited in place with a PATCH; a reply is posted without a reference', async () => {
    const sent = await platform.deliver(webhookJob(url, { content: 'Egg', embed: { title: 'Egg: Legendary' } }));
    assert.ok(sent.ok && sent.messageIds?.length === 1);
    const id = sent.messageIds![0]!;
    const edited = await platform.edit!(webhookJob(url, { embed: { title: 'Raid: Mewtwo' } }), [id]);
    assert.deepEqual(edited, { ok: true, messageIds: [id] });
    const patches = fake.requestsMatching(`PATCH /webhooks/${webhookId}/:token/messages/${id}`);
    assert.equal(patches.length, 1);
    assert.deepEqual(patches[0]!.body, { content: '', embeds: [{ title: 'Raid: Mewtwo' }], components: [] });
    const stored = fake.messagesIn(CHANNEL).find((m) => m.id === id)!;
    assert.equal(stored.content, '');
    assert.deepEqual(stored.embeds, [{ title: 'Raid: Mewtwo' }]);
    assert.ok(stored.editedAt !== null);

    const reply = await platform.deliver(webhookJob(url, { content: 'RSVP' }, { replyTo: [id] }));
    assert.ok(reply.ok);
    assert.equal((fake.requests.at(-1)!.body as Record<string, unknown>).message_reference, undefined);
  });

  test('a message in a thread is edited with its thread_id; a deleted message fails the edit', async () => {
    const inThread = `${url}?thread_id=${THREAD}`;
    const sent = await platform.deliver(webhookJob(inThread, { content: 'Egg' }));
    assert.ok(sent.ok);
    const id = sent.messageIds![0]!;
    assert.ok((await platform.edit!(webhookJob(inThread, { content: 'Raid' }), [id])).ok);
    assert.equal(fake.requestsMatching(`PATCH /webhooks/${webhookId}/:token/messages/${id}`).at(-1)!.query, `thread_id=${THREAD}`);
    assert.equal(fake.messagesIn(THREAD).find((m) => m.id === id)!.content, 'Raid');

    fake.state.deleteMessage(id);
    const gone = await platform.edit!(webhookJob(inThread, { content: 'again' }), [id]);
    assert.ok(!gone.ok && /10008/.test(gone.reason));
  });
});
