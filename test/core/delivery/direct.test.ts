/**
 * The direct messenger: the jobs it hands the Dispatcher (platform, DTS platform, body, event meta, clean and
 * expiry, location pin), nothing queued when no platform serves the target type, and the log line per message.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DIRECT_MESSAGE_TYPE } from '../../../core/delivery/direct.ts';
import { FAKE_PLATFORMS, messengerRig } from './direct-fixtures.ts';

const NOW = 1_700_000_000_000;
const user = { id: '123', type: 'discord:user', name: 'Ash', language: 'de' };
const hook = { id: 'https://discord.com/api/webhooks/1/secret-token', type: 'webhook', name: 'Hook', language: null };
const chat = { id: '-100200', type: 'telegram:group', name: 'Group', language: null };

describe('direct messenger', () => {
  test('sendText queues {content} for the platform serving the type, rendered for its DTS platform, never cleaned', async () => {
    const { messenger, dispatcher } = messengerRig(FAKE_PLATFORMS, NOW);
    assert.equal(await messenger.sendText(user, 'Hello', 'WebApi'), true);
    assert.equal(dispatcher.dispatched.length, 1);
    const { job, platform } = dispatcher.dispatched[0]!;
    assert.equal(platform.name, 'discord');
    assert.deepEqual(job.target, user);
    assert.deepEqual(job.message, { platform: 'discord', body: { content: 'Hello' } });
    assert.equal(job.alertType, DIRECT_MESSAGE_TYPE);
    assert.equal(job.ping, '');
    assert.equal(job.clean, 0);
    assert.equal(job.expiresAt, null);
    assert.equal(job.location, undefined);
    assert.equal(job.meta.webhookType, DIRECT_MESSAGE_TYPE);
    assert.equal(job.meta.receivedAt, NOW);
    assert.match(job.meta.eventId, /^WebApi-\S+$/);
  });

  test('a webhook target goes to the webhook platform with discord templates; telegram renders telegram', async () => {
    const { messenger, dispatcher } = messengerRig();
    await messenger.sendText(hook, 'to the hook', 'ref');
    await messenger.sendText(chat, 'to the group', 'ref');
    assert.deepEqual(
      dispatcher.dispatched.map((d) => [d.platform.name, d.job.message.platform, d.job.target.type]),
      [
        ['webhook', 'discord', 'webhook'],
        ['telegram', 'telegram', 'telegram:group'],
      ],
    );
  });

  test('sendBody keeps the body as given; clean with a time to live sets the clean bit and expiresAt; the location is passed on', async () => {
    const { messenger, dispatcher } = messengerRig(FAKE_PLATFORMS, NOW);
    const body = { content: 'hi', embeds: [{ title: 'T', description: 'D' }] };
    const location = { latitude: 51.5, longitude: -0.12 };
    assert.equal(await messenger.sendBody(user, body, { reference: 'Bot', clean: true, ttlMs: 90_000, location }), true);
    const { job } = dispatcher.dispatched[0]!;
    assert.equal(job.message.body, body);
    assert.equal(job.clean, 1);
    assert.equal(job.expiresAt, NOW + 90_000);
    assert.deepEqual(job.location, location);
    assert.match(job.meta.eventId, /^Bot-/);
  });

  test('a time to live without clean expires the message but does not clean it', async () => {
    const { messenger, dispatcher } = messengerRig(FAKE_PLATFORMS, NOW);
    await messenger.sendBody(chat, { content: 'x' }, { reference: 'r', ttlMs: 1000 });
    assert.equal(dispatcher.dispatched[0]!.job.clean, 0);
    assert.equal(dispatcher.dispatched[0]!.job.expiresAt, NOW + 1000);
  });

  test('every message gets its own event id', async () => {
    const { messenger, dispatcher } = messengerRig();
    for (let i = 0; i < 5; i++) await messenger.sendText(user, `m${i}`, 'WebApi');
    assert.equal(new Set(dispatcher.dispatched.map((d) => d.job.meta.eventId)).size, 5);
  });

  test('false and nothing queued when no platform serves the type; serves() tells beforehand', async () => {
    const { messenger, dispatcher, captured } = messengerRig([FAKE_PLATFORMS[1]!]);
    assert.equal(messenger.serves('webhook'), true);
    assert.equal(messenger.serves('discord:user'), false);
    assert.equal(await messenger.sendText(user, 'Hello', 'WebApi'), false);
    assert.equal(await messenger.sendBody(chat, { content: 'x' }, { reference: 'WebApi' }), false);
    assert.equal(dispatcher.dispatched.length, 0);
    const line = captured.find(/no platform is running/);
    assert.equal(line?.reference, 'WebApi');
    assert.equal(line?.targetType, 'discord:user');
  });

  test('resolves only once the dispatcher accepted the job (backpressure), then logs it with its reference and event id', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { messenger, dispatcher, captured } = messengerRig(FAKE_PLATFORMS, NOW, gate);
    let done = false;
    const sending = messenger.sendText(hook, 'wait for room', 'WebApi').then((ok) => (done = ok));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(dispatcher.dispatched.length, 1);
    assert.equal(done, false);
    release();
    await sending;
    assert.equal(done, true);
    const line = captured.find('direct message queued');
    assert.equal(line?.reference, 'WebApi');
    assert.equal(line?.eventId, dispatcher.dispatched[0]!.job.meta.eventId);
    assert.equal(line?.platform, 'webhook');
    assert.doesNotMatch(JSON.stringify(captured.lines), /secret-token/, 'a webhook URL is logged without its token');
  });
});
