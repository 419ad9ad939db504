/**
 * The webhook platform against a local webhook endpoint, alone and through the delivery queue.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, describe, test } from 'node:test';
import { configFromObject } from '../../helpers/config.ts';
import type { DeliveryJob, PlatformPlugin, PluginSetup } from '../../../core/contract.ts';
import { createDeliveryQueue } from '../../../core/delivery/queue.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import webhookPlatform from '../../../platforms/webhook/index.ts';
import { createWebhookPlatform } from '../../../platforms/webhook/platform.ts';
import { findPluginEntries, loadPluginModule } from '../../../core/plugin-loader.ts';
import { PluginRegistry } from '../../../core/registry.ts';
import { startFakeWebhook, type FakeWebhookServer, type Reply } from './fake-webhook-server.ts';

function webhookJob(url: string, body: Record<string, unknown>, ping = ''): DeliveryJob {
  return {
    target: { id: url, type: 'webhook', name: 'hook', language: null },
    message: { platform: 'discord', body },
    meta: { eventId: 'ev-1', webhookType: 'pokemon', receivedAt: 0 },
    alertType: 'monster',
    ping,
    clean: 0,
    expiresAt: null,
  };
}

const platform = (timeoutMs?: number) => createWebhookPlatform({ concurrency: 2, commandPrefix: '!', timeoutMs });

function queueWithFastRetries() {
  const metrics = createMetrics({ collectProcess: false });
  const queue = createDeliveryQueue({ log: silentLogger(), metrics, baseBackoffMs: 1, maxBackoffMs: 2, maxAttempts: 3 });
  const count = async (outcome: string) => (await metrics.deliveries.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
  return { queue, count };
}

async function withServer(script: readonly Reply[], run: (server: FakeWebhookServer) => Promise<void>): Promise<void> {
  const server = await startFakeWebhook(script);
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

describe('webhook platform', () => {
  test('posts the Discord JSON: content with the ping in front, the embed with its colour as an integer', async () => {
    await withServer([], async (server) => {
      const outcome = await platform().deliver(
        webhookJob(server.url, { content: 'A wild Pikachu', username: 'Lookout', embed: { color: '#A040A0', title: 'Pikachu', description: '', image: { url: 'https://img.example/map.png' } } }, '<@&99>'),
      );
      assert.deepEqual(outcome, { ok: true, messageIds: ['msg-1'] });
      assert.equal(server.received.length, 1);
      const [request] = server.received;
      assert.equal(request!.method, 'POST');
      assert.equal(request!.path, '/api/webhooks/123456789012345678/token-abc?wait=true');
      assert.equal(request!.contentType, 'application/json');
      assert.deepEqual(request!.json, {
        content: '<@&99> A wild Pikachu',
        embeds: [{ color: 0xa040a0, title: 'Pikachu', image: { url: 'https://img.example/map.png' } }],
        username: 'Lookout',
      });
    });
  });

  test('link buttons go as components, and the call asks Discord to keep them (with_components=true); no buttons, no such parameter', async () => {
    await withServer([], async (server) => {
      const job = webhookJob(`${server.url}?thread_id=42`, { content: 'A wild Pikachu' });
      const buttons = [[{ label: 'Map', url: 'https://maps.test/1' }]];
      assert.equal((await platform().deliver({ ...job, message: { ...job.message, buttons } })).ok, true);
      assert.equal((await platform().deliver(job)).ok, true);
      const [withButtons, without] = server.received;
      assert.equal(withButtons!.path, '/api/webhooks/123456789012345678/token-abc?thread_id=42&wait=true&with_components=true');
      assert.deepEqual((withButtons!.json as { components: unknown }).components, [{ type: 1, components: [{ type: 2, style: 5, label: 'Map', url: 'https://maps.test/1' }] }]);
      assert.equal(without!.path, '/api/webhooks/123456789012345678/token-abc?thread_id=42&wait=true');
      assert.equal('components' in (without!.json as object), false);
    });
  });

  test('a 429 is waited out (Retry-After) and the message is delivered once through the queue', async () => {
    await withServer([{ status: 429, headers: { 'retry-after': '0' }, body: { message: 'You are being rate limited.', retry_after: 0.001, global: false } }], async (server) => {
      const { queue, count } = queueWithFastRetries();
      queue.dispatch(webhookJob(server.url, { content: 'hi' }), platform());
      await queue.drain();
      assert.equal(server.received.length, 2);
      assert.equal(await count('sent'), 1);
      assert.equal(await count('rate_limited'), 1, 'a wait, not a failed attempt');
      assert.equal(await count('retried'), 0);
    });
  });

  test('429 outcome carries the wait from the header (seconds or a date), else from the body, else a second', async () => {
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    await withServer(
      [
        { status: 429, headers: { 'retry-after': '3' }, body: { retry_after: 2.5 } },
        { status: 429, body: { message: 'You are being rate limited.', retry_after: 0.25 } },
        { status: 429, headers: { 'retry-after': inTenSeconds } },
        { status: 429 },
      ],
      async (server) => {
        const first = await platform().deliver(webhookJob(server.url, { content: 'a' }));
        const second = await platform().deliver(webhookJob(server.url, { content: 'b' }));
        const third = await platform().deliver(webhookJob(server.url, { content: 'c' }));
        const fourth = await platform().deliver(webhookJob(server.url, { content: 'd' }));
        assert.deepEqual(first, { ok: false, permanent: false, reason: 'HTTP 429', retryAfterMs: 3000 });
        assert.deepEqual(second, { ok: false, permanent: false, reason: 'HTTP 429: You are being rate limited.', retryAfterMs: 250 });
        assert.ok(!third.ok && third.retryAfterMs !== undefined && third.retryAfterMs > 5000 && third.retryAfterMs <= 10_000, JSON.stringify(third));
        assert.deepEqual(fourth, { ok: false, permanent: false, reason: 'HTTP 429', retryAfterMs: 1000 }, 'a 429 is a wait even when it names none');
      },
    );
  });

  test('a 500 is transient and retried through the queue', async () => {
    await withServer([{ status: 500, body: { message: '500: Internal Server Error', code: 0 } }], async (server) => {
      const direct = await platform().deliver(webhookJob(server.url, { content: 'hi' }));
      assert.deepEqual(direct, { ok: false, permanent: false, reason: 'HTTP 500: 500: Internal Server Error' });
    });
    await withServer([{ status: 500 }, { status: 503 }], async (server) => {
      const { queue, count } = queueWithFastRetries();
      queue.dispatch(webhookJob(server.url, { content: 'hi' }), platform());
      await queue.drain();
      assert.equal(server.received.length, 3);
      assert.deepEqual(server.received[2]!.json, { content: 'hi', embeds: [] });
      assert.equal(await count('retried'), 2);
      assert.equal(await count('sent'), 1);
    });
  });

  test('a 404 (unknown webhook) is permanent and not retried', async () => {
    await withServer([{ status: 404, body: { message: 'Unknown Webhook', code: 10015 } }], async (server) => {
      const direct = await platform().deliver(webhookJob(server.url, { content: 'x' }));
      assert.deepEqual(direct, { ok: false, permanent: true, reason: 'HTTP 404: Unknown Webhook (code 10015)' });
    });
    await withServer([{ status: 404, body: { message: 'Unknown Webhook', code: 10015 } }], async (server) => {
      const { queue, count } = queueWithFastRetries();
      queue.dispatch(webhookJob(server.url, { content: 'x' }), platform());
      await queue.drain();
      assert.equal(server.received.length, 1);
      assert.equal(await count('permanent_failure'), 1);
      assert.equal(await count('retried'), 0);
    });
  });

  test('400 and 401/403 are permanent too, with the body in the reason', async () => {
    await withServer([{ status: 400, body: { message: 'Invalid Form Body', code: 50035 } }, { status: 403, body: 'forbidden' }], async (server) => {
      assert.deepEqual(await platform().deliver(webhookJob(server.url, { content: 'x' })), { ok: false, permanent: true, reason: 'HTTP 400: Invalid Form Body (code 50035)' });
      assert.deepEqual(await platform().deliver(webhookJob(server.url, { content: 'x' })), { ok: false, permanent: true, reason: 'HTTP 403: forbidden' });
    });
  });

  test('a target id that is not an http(s) URL is a permanent failure; no request is made', async () => {
    for (const id of ['not a url', 'ftp://example.com/hook', '123456789012345678']) {
      const outcome = await platform().deliver(webhookJob(id, { content: 'x' }));
      assert.equal(outcome.ok, false);
      assert.ok(!outcome.ok && outcome.permanent);
      assert.match(!outcome.ok ? outcome.reason : '', /not an http\(s\) URL/);
    }
  });

  test('an empty rendered message is a permanent failure; no request is made', async () => {
    await withServer([], async (server) => {
      const outcome = await platform().deliver(webhookJob(server.url, { content: '', embed: { title: '' } }));
      assert.ok(!outcome.ok && outcome.permanent);
      assert.equal(server.received.length, 0);
    });
  });

  test('no answer within the timeout is transient; a refused connection is transient', async () => {
    await withServer(['hang'], async (server) => {
      const outcome = await platform(50).deliver(webhookJob(server.url, { content: 'x' }));
      assert.deepEqual(outcome, { ok: false, permanent: false, reason: 'no answer within 50 ms' });
    });
    const closed = await startFakeWebhook();
    await closed.close();
    const outcome = await platform().deliver(webhookJob(closed.url, { content: 'x' }));
    assert.ok(!outcome.ok && !outcome.permanent);
    assert.match(!outcome.ok ? outcome.reason : '', /^network error: .*ECONNREFUSED/);
  });
});

describe('webhook platform module', () => {
  let plugin: PlatformPlugin;
  let setup: PluginSetup;
  before(async () => {
    const { config } = configFromObject({ tuning: { concurrent_discord_webhooks: 7 }, discord: { prefix: '?' } }, 'test');
    setup = { config, rootDir: '.', log: silentLogger() } as unknown as PluginSetup;
    plugin = webhookPlatform(setup);
  });

  test('the loader discovers it and the registry accepts it for `webhook` targets', async () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const entry = findPluginEntries(root).find((file) => file.endsWith(join('platforms', 'webhook', 'index.ts')));
    assert.ok(entry);
    const [loaded] = await loadPluginModule(entry, setup);
    const registry = PluginRegistry.create([loaded!]);
    assert.equal(registry.platformForTarget('webhook')?.name, 'webhook');
  });

  test('the factory reads the concurrency and prefix from the config and serves `webhook` with Discord templates', () => {
    assert.equal(plugin.kind, 'platform');
    assert.equal(plugin.name, 'webhook');
    assert.deepEqual(plugin.targetTypes, ['webhook']);
    assert.equal(plugin.templatePlatform, 'discord');
    assert.equal(plugin.concurrency, 7);
    assert.equal(plugin.commandPrefix, '?');
  });
});
