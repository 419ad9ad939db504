/**
 * The alert plugins' background work: `start` gets a runtime in plugin order and `stop` runs in reverse; the
 * runtime's `sendAlert` renders for the human's platform and language (the default one when it has none) with the
 * platform's prefix and queues a job carrying the plugin's clean, expiry and own limit; a human no platform serves,
 * or a template that throws (counted as a render failure), queues nothing.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Knex } from 'knex';
import type { AlertPluginRuntime, DeliveryJob, Plugin, Renderer } from '../../../core/contract.ts';
import type { Dispatcher } from '../../../core/delivery/dispatcher.ts';
import type { CommonEnricher } from '../../../core/enrich/index.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { PluginRegistry } from '../../../core/registry.ts';
import { startAlertPlugins, stopAlertPlugins } from '../../../core/startup/alert-plugins.ts';
import type { StateManager } from '../../../core/state/state.ts';
import { jsonRenderer, recordingPlatform } from '../../fixtures/recording-platform.ts';
import { human } from '../../helpers/humans.ts';
import { metricValue } from '../../helpers/metrics.ts';
import { ManualClock } from '../../helpers/manual-clock.ts';

function background(name: string, order: string[], runtimes: AlertPluginRuntime[]): Plugin {
  return {
    kind: 'alert',
    name,
    webhookTypes: [],
    alertTypes: [`${name}Digest`],
    parse: () => ({ ok: false, reason: 'none', skip: true }),
    match: () => [],
    async start(runtime) {
      order.push(`start ${name}`);
      runtimes.push(runtime);
    },
    async stop() {
      order.push(`stop ${name}`);
    },
  };
}

async function started(renderer: Renderer = jsonRenderer) {
  const order: string[] = [];
  const runtimes: AlertPluginRuntime[] = [];
  const registry = PluginRegistry.create([background('beta', order, runtimes), background('alpha', order, runtimes), recordingPlatform().plugin]);
  const jobs: DeliveryJob[] = [];
  const dispatcher: Dispatcher = { dispatch: (job) => void jobs.push(job), drain: async () => undefined };
  const metrics = createMetrics({ collectProcess: false });
  const enricher = { templateMap: async () => 'https://map.test/x.png', shortenMarked: async (t: string) => t } as unknown as CommonEnricher;
  await startAlertPlugins({
    registry,
    state: { current: null, reload: async () => true } as unknown as StateManager,
    db: {} as Knex,
    metrics,
    log: silentLogger(),
    renderer,
    dispatcher,
    enricher,
    defaultLanguage: 'fr',
    translator: () => (text) => text,
    messages: { sendText: async () => true, sendBody: async () => true, serves: () => true },
    clock: new ManualClock(1_000_000),
  });
  return { order, runtimes, registry, jobs, metrics };
}

describe('alert plugins: start, stop and sendAlert', () => {
  test('start in plugin order, stop in reverse', async () => {
    const { order, registry } = await started();
    await stopAlertPlugins(registry.alertPlugins, silentLogger());
    assert.deepEqual(order, ['start alpha', 'start beta', 'stop beta', 'stop alpha']);
  });

  test('sendAlert renders for the platform and language and queues the job', async () => {
    const { runtimes, jobs } = await started();
    const runtime = runtimes[0]!;
    const ok = await runtime.sendAlert({
      human: human('ann', { type: 'test:user' }),
      alertType: 'alphaDigest',
      templateId: null,
      view: (scope) => ({ said: `${scope.language}/${scope.platform}` }),
      clean: 1,
      expiresAt: 2_000_000,
      reference: 'alpha-digest',
      ownLimit: true,
    });
    assert.equal(ok, true);
    const job = jobs[0]!;
    const body = job.message.body as { alertType: string; language: string; view: Record<string, unknown> };
    assert.deepEqual([body.alertType, body.language, body.view['said'], body.view['prefix']], ['alphaDigest', 'fr', 'fr/discord', '']);
    assert.deepEqual([job.target.id, job.clean, job.expiresAt, job.ownLimit, job.meta.receivedAt], ['ann', 1, 2_000_000, true, 1_000_000]);
    assert.match(job.meta.eventId, /^alpha-digest-/);
    assert.equal(await runtime.staticMap({ location: { latitude: 1, longitude: 2 }, template: 'x', variables: {}, reference: 'r' }), 'https://map.test/x.png');
  });

  test('nothing is queued for a human no platform serves, nor when the template throws (counted)', async () => {
    const throwing: Renderer = {
      render() {
        throw new Error('bad template');
      },
    };
    const { runtimes, jobs, metrics } = await started(throwing);
    const alert = { alertType: 'alphaDigest', templateId: null, view: () => ({}), clean: 0, expiresAt: null, reference: 'alpha-digest' };
    assert.equal(await runtimes[0]!.sendAlert({ ...alert, human: human('ann', { type: 'nowhere:user' }) }), false);
    assert.equal(await runtimes[0]!.sendAlert({ ...alert, human: human('ann', { type: 'test:user' }) }), false);
    assert.equal(jobs.length, 0);
    assert.equal(await metricValue(metrics, 'lookout_deliveries_dropped_total', { reason: 'render_failed' }), 1);
  });
});
