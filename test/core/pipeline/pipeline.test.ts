import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DeliveryJob, Plugin, PlatformPlugin } from '../../../core/contract.ts';
import type { Dispatcher } from '../../../core/delivery/dispatcher.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { DedupeCache } from '../../../core/pipeline/dedupe-cache.ts';
import { createHookCaller } from '../../../core/pipeline/hook-call.ts';
import { Pipeline, type PipelineItem } from '../../../core/pipeline/pipeline.ts';
import { PluginRegistry } from '../../../core/registry.ts';
import { buildSnapshot } from '../../../core/state/snapshot.ts';
import { jsonRenderer, recordingPlatform } from '../../fixtures/recording-platform.ts';
import { SIGHTING_TABLE, buildSightingIndex, sightingPlugin, type SightingOptions } from '../../fixtures/sighting-plugin.ts';
import { human, sightingRule } from '../../helpers/humans.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { metricValue } from '../../helpers/metrics.ts';
import { createCommonEnricher, type CommonEnricher } from '../../../core/enrich/index.ts';
import type { Renderer } from '../../../core/contract.ts';
import { configWith, fence, SPOT_TABLE, spotPlugin } from '../enrich/fixtures.ts';
import { fakeServer } from '../enrich/fake-server.ts';

const humans = [
  human('alice'),
  human('bob', { language: 'de' }),
  human('carol', { enabled: false }),
  human('dave', { currentProfileNo: 2 }),
  human('erin', { blockedAlerts: ['monster'] }),
  human('hook', { type: 'webhook' }),
];
const rules = [
  sightingRule('alice', 25),
  sightingRule('bob', 0),
  sightingRule('carol', 25),
  sightingRule('dave', 25),
  sightingRule('erin', 25),
  sightingRule('hook', 25, { template: 2 }),
  sightingRule('ghost', 25),
];

function setup(options: { switches?: Record<string, boolean>; plugin?: SightingOptions; renderer?: Renderer } = {}) {
  const captured = captureLog();
  const metrics = createMetrics({ collectProcess: false });
  const platform = recordingPlatform().plugin;
  const registry = PluginRegistry.create([sightingPlugin(options.plugin) as unknown as Plugin, platform]);
  const snapshot = buildSnapshot({ humans, profiles: [], locations: [], tables: new Map([[SIGHTING_TABLE, rules]]) }, 1, [{ plugin: 'sighting', build: buildSightingIndex }], Date.now());
  const jobs: DeliveryJob[] = [];
  const dispatcher: Dispatcher = { dispatch: (job: DeliveryJob, _p: PlatformPlugin) => void jobs.push(job), drain: async () => undefined };
  const pipeline = new Pipeline({
    registry,
    snapshot: () => snapshot,
    renderer: options.renderer ?? jsonRenderer,
    dispatcher,
    switches: (name) => options.switches?.[name] === true,
    defaultLanguage: 'en',
    dedupe: new DedupeCache(60_000),
    hooks: createHookCaller(captured.log, metrics),
    log: captured.log,
    metrics,
    now: Date.now,
  });
  let n = 0;
  const item = (message: unknown): PipelineItem => ({ type: 'sighting', message, meta: { eventId: `e${++n}`, webhookType: 'sighting', receivedAt: Date.now() } });
  return { pipeline, jobs, metrics, captured, item };
}

describe('pipeline', () => {
  test('matches only active humans on their current profile, honouring blocked alerts', async () => {
    const { pipeline, jobs, item } = setup();
    await pipeline.process(item({ id: 's1', species: 25 }));
    assert.deepEqual(jobs.map((j) => j.target.id).sort(), ['alice', 'bob', 'hook']);
  });

  test('layers language and target variables over the event view', async () => {
    const { pipeline, jobs, item } = setup();
    await pipeline.process(item({ id: 's1', species: 25 }));
    const bob = jobs.find((j) => j.target.id === 'bob')!;
    const alice = jobs.find((j) => j.target.id === 'alice')!;
    const view = (job: DeliveryJob) => (job.message.body as { view: Record<string, unknown> }).view;
    assert.equal(view(bob).greeting, 'Hallo');
    assert.equal(view(alice).greeting, 'Hello');
    assert.equal(view(alice).species, 25);
    assert.equal(view(alice).ruleUid, rules[0]!.uid);
    assert.equal((jobs.find((j) => j.target.id === 'hook')!.message.body as { templateId: string }).templateId, '2');
    assert.equal(bob.message.platform, 'discord');
    assert.equal(bob.meta.eventId, 'e1');
  });

  test('rejects a malformed item with a counted reason and carries on', async () => {
    const { pipeline, jobs, metrics, item, captured } = setup();
    await pipeline.process(item({ id: 42, species: 25 }));
    await pipeline.process(item({ id: 's2', species: 25 }));
    assert.equal(jobs.length, 3);
    assert.equal(await metricValue(metrics, 'lookout_webhooks_rejected_total', { reason: 'malformed' }), 1);
    assert.ok(captured.lines.some((l) => l.detail === 'id must be a string' && l.eventId === 'e1'));
  });

  test('drops duplicates by dedupe key', async () => {
    const { pipeline, jobs, metrics, item } = setup();
    await pipeline.process(item({ id: 'same', species: 25 }));
    await pipeline.process(item({ id: 'same', species: 25 }));
    assert.equal(jobs.length, 3);
    assert.equal(await metricValue(metrics, 'lookout_webhooks_rejected_total', { reason: 'duplicate' }), 1);
  });

  test('the core honours the plugin disable switch', async () => {
    const { pipeline, jobs, metrics, item } = setup({ switches: { disable_creature: true } });
    await pipeline.process(item({ id: 's1', species: 25 }));
    assert.equal(jobs.length, 0);
    assert.equal(await metricValue(metrics, 'lookout_webhooks_rejected_total', { reason: 'disabled' }), 1);
  });

  test('a throwing hook is reported with plugin, hook and event id and does not stop other events', async () => {
    const { pipeline, jobs, captured, metrics, item } = setup({
      plugin: {
        onMatch: (event) => {
          if (event.id === 'boom') throw new Error('kaboom');
        },
      },
    });
    await pipeline.process(item({ id: 'boom', species: 25 }));
    await pipeline.process(item({ id: 'fine', species: 25 }));
    assert.equal(jobs.length, 3);
    const failure = captured.find('plugin hook failed');
    assert.ok(failure);
    assert.equal(failure.plugin, 'sighting');
    assert.equal(failure.hook, 'match');
    assert.equal(failure.eventId, 'e1');
    assert.match(String(failure.err), /plugin "sighting" failed in match for event e1: kaboom/);
    assert.equal(await metricValue(metrics, 'lookout_plugin_errors_total', { plugin: 'sighting', hook: 'match' }), 1);
  });

  test("a template that fails to render is counted against the core, not the plugin, and loses that recipient's alert only", async () => {
    const renderer: Renderer = {
      render: (request) => {
        if (request.language === 'de') throw new Error('missing partial');
        return jsonRenderer.render(request);
      },
    };
    const { pipeline, jobs, metrics, captured, item } = setup({ renderer });
    await pipeline.process(item({ id: 's1', species: 25 }));
    assert.deepEqual(jobs.map((j) => j.target.id).sort(), ['alice', 'hook']);
    assert.equal(await metricValue(metrics, 'lookout_core_errors_total', { part: 'renderer' }), 1);
    assert.equal(await metricValue(metrics, 'lookout_deliveries_dropped_total', { platform: 'recorder', reason: 'render_failed' }), 1);
    assert.equal(await metricValue(metrics, 'lookout_plugin_errors_total', { plugin: 'sighting' }), 0);
    const failure = captured.find('render failed; alert not sent');
    assert.ok(failure);
    assert.equal(failure.eventId, 'e1');
    assert.equal(failure.alertType, 'sighting');
    assert.equal(failure.target, 'bob');
    assert.equal(failure.language, 'de');
    assert.match(String(failure.err), /missing partial/);
  });

  test('an async enrich failure loses that event only', async () => {
    const { pipeline, jobs, item } = setup({
      plugin: {
        onEnrich: async (event) => {
          if (event.id === 'bad') throw new Error('geocoder down');
        },
      },
    });
    await pipeline.process(item({ id: 'bad', species: 25 }));
    await pipeline.process(item({ id: 'good', species: 7 }));
    assert.deepEqual(jobs.map((j) => j.target.id), ['bob']);
  });
});

describe('pipeline with the common enricher', () => {
  const noNetwork = (async () => {
    throw new Error('no network in tests');
  }) as typeof fetch;

  function commonSetup(enricher: CommonEnricher, renderer: Renderer = jsonRenderer, plugin: Plugin = spotPlugin() as unknown as Plugin) {
    const captured = captureLog();
    const metrics = createMetrics({ collectProcess: false });
    const platform: PlatformPlugin = { ...recordingPlatform().plugin, commandPrefix: '!' };
    const registry = PluginRegistry.create([plugin, platform]);
    const people = [human('alice', { latitude: 51.5, longitude: 0 }), human('bob', { latitude: 0, longitude: 0 })];
    const tables = new Map([
      [SPOT_TABLE, [sightingRule('alice', 0), sightingRule('bob', 0)]],
      [SIGHTING_TABLE, [sightingRule('alice', 25)]],
    ]);
    const snapshot = buildSnapshot({ humans: people, profiles: [], locations: [], tables }, 1, [{ plugin: 'sighting', build: buildSightingIndex }], Date.now());
    const jobs: DeliveryJob[] = [];
    const pipeline = new Pipeline({
      registry,
      snapshot: () => snapshot,
      renderer,
      dispatcher: { dispatch: (job: DeliveryJob) => void jobs.push(job), drain: async () => undefined },
      switches: () => false,
      defaultLanguage: 'en',
      dedupe: new DedupeCache(60_000),
      hooks: createHookCaller(captured.log, metrics),
      log: captured.log,
      metrics,
      now: Date.now,
      fencesAt: () => [fence('Soho')],
      enricher,
    });
    return { pipeline, jobs };
  }
  const spot = (message: Record<string, unknown>): PipelineItem => ({ type: 'spot', message, meta: { eventId: 'c1', webhookType: 'spot', receivedAt: Date.now() } });
  const viewOf = (job: DeliveryJob) => (job.message.body as { view: Record<string, unknown> }).view;

  test('common variables reach the renderer under the plugin variables (plugin wins)', async () => {
    const enricher = createCommonEnricher({ config: configWith({}), log: captureLog().log, rootDir: process.cwd(), fetch: noNetwork });
    const { pipeline, jobs } = commonSetup(enricher);
    await pipeline.process(spot({ id: 'p1', lat: 51.5, lon: 0.01, title: 'Spot one' }));
    assert.deepEqual(jobs.map((j) => j.target.id).sort(), ['alice', 'bob']);
    const alice = viewOf(jobs.find((j) => j.target.id === 'alice')!);
    assert.equal(alice.title, 'Spot one');
    assert.equal(alice.areas, 'plugin areas');
    assert.deepEqual(alice.matched, ['soho']);
    assert.equal(alice.latitude, 51.5);
    assert.equal(alice.navUrlA, 'https://www.google.com/maps/search/?api=1&query=51.5,0.01');
    assert.equal(alice.distance, 692);
    assert.equal(alice.bearing, 90);
    assert.equal(alice.prefix, '!');
    const bob = viewOf(jobs.find((j) => j.target.id === 'bob')!);
    assert.equal(bob.distance, '');
    assert.equal(bob.prefix, '!');
  });

  test('an event of a plugin without locate gets only the per-target prefix', async () => {
    const enricher = createCommonEnricher({ config: configWith({}), log: captureLog().log, rootDir: process.cwd(), fetch: noNetwork });
    const { pipeline, jobs } = commonSetup(enricher, jsonRenderer, sightingPlugin() as unknown as Plugin);
    await pipeline.process({ type: 'sighting', message: { id: 's1', species: 25 }, meta: { eventId: 'c2', webhookType: 'sighting', receivedAt: Date.now() } });
    assert.equal(jobs.length, 1);
    const view = viewOf(jobs[0]!);
    assert.equal(view.prefix, '!');
    assert.equal(view.navUrlA, undefined);
    assert.equal(view.species, 25);
  });

  test('marked URLs in a rendered body are shortened before dispatch', async (t) => {
    const server = await fakeServer(() => ({ body: { result_url: 'https://short.example/s1' } }));
    t.after(() => server.close());
    const enricher = createCommonEnricher({ config: configWith({ general: { shortlink_provider: 'hideuri', shortlink_provider_url: server.url } }), log: captureLog().log, rootDir: process.cwd() });
    const renderer: Renderer = {
      render: (request) => ({ platform: request.platform, body: { embed: { description: `[Map](<S<${String(request.view.navUrlA)}>S>)`, title: 'plain' } } }),
    };
    const { pipeline, jobs } = commonSetup(enricher, renderer);
    await pipeline.process(spot({ id: 'p2', lat: 51.5, lon: 0.01 }));
    assert.equal(jobs.length, 2);
    for (const job of jobs) assert.deepEqual(job.message.body, { embed: { description: '[Map](https://short.example/s1)', title: 'plain' } });
    assert.equal(server.requests.length, 1);
  });
});
