import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Plugin } from '../../../core/contract.ts';
import { publicRoutes } from '../../../core/http/routes/public.ts';
import { createHttpServer } from '../../../core/http/server.ts';
import { UNKNOWN_LABEL, webhookTypeLabel } from '../../../core/metrics/labels.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { BoundedQueue } from '../../../core/pipeline/bounded-queue.ts';
import { acceptBatch } from '../../../core/pipeline/intake.ts';
import type { PipelineItem } from '../../../core/pipeline/pipeline.ts';
import { PluginRegistry } from '../../../core/registry.ts';
import { sightingPlugin } from '../../fixtures/sighting-plugin.ts';
import { captureLog } from '../../helpers/log-capture.ts';

const registry = PluginRegistry.create([sightingPlugin() as unknown as Plugin]);

describe('metric labels a caller chooses', () => {
  test('a webhook type is its own label only when a plugin serves it', () => {
    assert.equal(webhookTypeLabel(registry, 'sighting'), 'sighting');
    assert.equal(webhookTypeLabel(registry, 'Sighting'), UNKNOWN_LABEL);
    assert.equal(webhookTypeLabel(registry, 'x'.repeat(10_000)), UNKNOWN_LABEL);
  });

  test('2,000 webhooks of distinct 10 KB types keep /metrics small: they count under "unknown"', async () => {
    const metrics = createMetrics({ collectProcess: false });
    const log = captureLog('warn').log;
    const queue = new BoundedQueue<PipelineItem>(100);
    const accept = (body: unknown) => acceptBatch(body, { registry, queue, metrics, log, offerTimeoutMs: 0, now: Date.now });
    const app = await createHttpServer(
      { ipWhitelist: [], ipBlacklist: [], apiSecret: '', bodyLimitBytes: 16 * 1024 * 1024, log },
      [publicRoutes({ metrics, startedAt: Date.now(), accept, isStopping: () => false })],
      [],
    );
    try {
      for (let batch = 0; batch < 4; batch++) {
        const items = Array.from({ length: 500 }, (_, i) => ({ type: `${batch}-${i}-${'t'.repeat(10_000)}`, message: {} }));
        const res = await app.inject({ method: 'POST', url: '/', payload: [...items, { type: 'sighting', message: { id: String(batch), species: 1 } }] });
        assert.equal(res.statusCode, 200);
        assert.deepEqual([res.json().queued, res.json().rejected], [1, 500]);
      }
      const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      assert.ok(text.length < 200_000, `/metrics is ${text.length} characters`);
      assert.match(text, /^lookout_webhooks_received_total\{type="unknown"\} 2000$/m);
      assert.match(text, /^lookout_webhooks_rejected_total\{type="unknown",reason="unknown_type"\} 2000$/m);
      assert.match(text, /^lookout_webhooks_received_total\{type="sighting"\} 4$/m);
      assert.doesNotMatch(text, /t{100}/);
    } finally {
      await app.close();
    }
  });
});
