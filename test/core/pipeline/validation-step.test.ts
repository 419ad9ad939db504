/**
 * The validation step in the pipeline: the recipients the validator denies get nothing, an event whose recipients
 * are all denied is not enriched, the validator is told the plugin and the webhook type (the plugin's
 * `validationType` when it has one), and a single-recipient item (`service-test`) is never put to it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DeliveryJob, Plugin, PlatformPlugin } from '../../../core/contract.ts';
import type { Dispatcher } from '../../../core/delivery/dispatcher.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { DedupeCache } from '../../../core/pipeline/dedupe-cache.ts';
import { createHookCaller } from '../../../core/pipeline/hook-call.ts';
import { Pipeline, type PipelineItem } from '../../../core/pipeline/pipeline.ts';
import { PluginRegistry } from '../../../core/registry.ts';
import { buildSnapshot } from '../../../core/state/snapshot.ts';
import type { MatchValidator, ValidationSubject } from '../../../core/validation/index.ts';
import { jsonRenderer, recordingPlatform } from '../../fixtures/recording-platform.ts';
import { SIGHTING_TABLE, buildSightingIndex, sightingPlugin } from '../../fixtures/sighting-plugin.ts';
import { human, sightingRule } from '../../helpers/humans.ts';

function setup(deny: ReadonlySet<string>, named?: string) {
  const metrics = createMetrics({ collectProcess: false });
  let enriched = 0;
  const base = sightingPlugin({ onEnrich: () => void enriched++ });
  const plugin = named ? { ...base, validationType: () => named } : base;
  const registry = PluginRegistry.create([plugin as unknown as Plugin, recordingPlatform().plugin]);
  const snapshot = buildSnapshot(
    { humans: [human('alice'), human('bob')], profiles: [], locations: [], tables: new Map([[SIGHTING_TABLE, [sightingRule('alice', 25), sightingRule('bob', 25)]]]) },
    1,
    [{ plugin: 'sighting', build: buildSightingIndex }],
    Date.now(),
  );
  const jobs: DeliveryJob[] = [];
  const dispatcher: Dispatcher = { dispatch: (job: DeliveryJob, _p: PlatformPlugin) => void jobs.push(job), drain: async () => undefined };
  const subjects: ValidationSubject[] = [];
  const validator: MatchValidator = {
    async filter(subject, matches) {
      subjects.push(subject);
      return matches.filter((m) => !deny.has(m.human.id));
    },
  };
  const log = silentLogger();
  const pipeline = new Pipeline({
    registry,
    snapshot: () => snapshot,
    renderer: jsonRenderer,
    dispatcher,
    switches: () => false,
    defaultLanguage: 'en',
    dedupe: new DedupeCache(60_000),
    hooks: createHookCaller(log, metrics),
    log,
    metrics,
    now: Date.now,
    validator,
  });
  let n = 0;
  const item = (message: unknown, onlyTo?: string): PipelineItem => ({
    type: 'sighting',
    message,
    meta: { eventId: `e${++n}`, webhookType: 'sighting', receivedAt: Date.now() },
    ...(onlyTo ? { onlyTo } : {}),
  });
  return { pipeline, jobs, subjects, item, enriched: () => enriched };
}

describe('validation step', () => {
  test('denied recipients get nothing; the validator sees the plugin, the webhook type and the message', async () => {
    const { pipeline, jobs, subjects, item } = setup(new Set(['bob']));
    const message = { id: 's1', species: 25 };
    await pipeline.process(item(message));
    assert.deepEqual(jobs.map((j) => j.target.id), ['alice']);
    assert.deepEqual(subjects, [{ plugin: 'sighting', webhookType: 'sighting', webhook: message, areas: [] }]);
  });

  test('an event whose recipients are all denied is not enriched', async () => {
    const { pipeline, jobs, item, enriched } = setup(new Set(['alice', 'bob']));
    await pipeline.process(item({ id: 's1', species: 25 }));
    assert.deepEqual(jobs, []);
    assert.equal(enriched(), 0);
  });

  test("the plugin's validationType names the webhook type", async () => {
    const { pipeline, subjects, item } = setup(new Set(), 'pokemon');
    await pipeline.process(item({ id: 's1', species: 25 }));
    assert.equal(subjects[0]?.webhookType, 'pokemon');
  });

  test('a single-recipient item (service-test) is not validated', async () => {
    const { pipeline, jobs, subjects, item } = setup(new Set(['bob']));
    await pipeline.process(item({ id: 's1', species: 25 }, 'bob'));
    assert.deepEqual(jobs.map((j) => j.target.id), ['bob']);
    assert.deepEqual(subjects, []);
  });
});
