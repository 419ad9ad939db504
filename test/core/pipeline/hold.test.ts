/**
 * The `hold` member in the pipeline: the matches it keeps are not rendered or sent, the others are; a `service-test`
 * item (onlyTo) never goes through it; a hold that throws is counted against the plugin and every match is sent.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DeliveryJob, Match, Plugin } from '../../../core/contract.ts';
import type { Dispatcher } from '../../../core/delivery/dispatcher.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import { DedupeCache } from '../../../core/pipeline/dedupe-cache.ts';
import { createHookCaller } from '../../../core/pipeline/hook-call.ts';
import { Pipeline, type PipelineItem } from '../../../core/pipeline/pipeline.ts';
import { PluginRegistry } from '../../../core/registry.ts';
import { buildSnapshot } from '../../../core/state/snapshot.ts';
import { jsonRenderer, recordingPlatform } from '../../fixtures/recording-platform.ts';
import { SIGHTING_TABLE, buildSightingIndex, sightingPlugin } from '../../fixtures/sighting-plugin.ts';
import { human, sightingRule } from '../../helpers/humans.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { metricValue } from '../../helpers/metrics.ts';

function setup(hold: (matches: readonly Match[]) => readonly Match[]) {
  const captured = captureLog();
  const metrics = createMetrics({ collectProcess: false });
  const held: string[] = [];
  const plugin = {
    ...sightingPlugin(),
    hold: (_event: unknown, matches: readonly Match[]) => {
      const now = hold(matches);
      held.push(...matches.filter((m) => !now.includes(m)).map((m) => m.human.id));
      return now;
    },
  };
  const registry = PluginRegistry.create([plugin as unknown as Plugin, recordingPlatform().plugin]);
  const snapshot = buildSnapshot(
    { humans: [human('alice'), human('bob')], profiles: [], locations: [], tables: new Map([[SIGHTING_TABLE, [sightingRule('alice', 25), sightingRule('bob', 25)]]]) },
    1,
    [{ plugin: 'sighting', build: buildSightingIndex }],
    Date.now(),
  );
  const jobs: DeliveryJob[] = [];
  const dispatcher: Dispatcher = { dispatch: (job: DeliveryJob) => void jobs.push(job), drain: async () => undefined };
  const pipeline = new Pipeline({
    registry,
    snapshot: () => snapshot,
    renderer: jsonRenderer,
    dispatcher,
    switches: () => false,
    defaultLanguage: 'en',
    dedupe: new DedupeCache(60_000),
    hooks: createHookCaller(captured.log, metrics),
    log: captured.log,
    metrics,
    now: Date.now,
  });
  let n = 0;
  const item = (message: unknown, onlyTo?: string): PipelineItem => ({ type: 'sighting', message, meta: { eventId: `e${++n}`, webhookType: 'sighting', receivedAt: Date.now() }, ...(onlyTo ? { onlyTo } : {}) });
  return { pipeline, jobs, held, metrics, item };
}

describe('pipeline: hold', () => {
  test('held matches are not sent; the others are', async () => {
    const { pipeline, jobs, held, item } = setup((matches) => matches.filter((m) => m.human.id !== 'alice'));
    await pipeline.process(item({ id: 's1', species: 25 }));
    assert.deepEqual(jobs.map((j) => j.target.id), ['bob']);
    assert.deepEqual(held, ['alice']);
  });

  test('a service-test item is never held', async () => {
    const { pipeline, jobs, held, item } = setup(() => []);
    await pipeline.process(item({ id: 's1', species: 25 }, 'alice'));
    assert.deepEqual(jobs.map((j) => j.target.id), ['alice']);
    assert.deepEqual(held, []);
  });

  test('a hold that throws is counted and every match is sent', async () => {
    const { pipeline, jobs, metrics, item } = setup(() => {
      throw new Error('buffer broke');
    });
    await pipeline.process(item({ id: 's1', species: 25 }));
    assert.deepEqual(jobs.map((j) => j.target.id).sort(), ['alice', 'bob']);
    assert.equal(await metricValue(metrics, 'lookout_plugin_errors_total', { plugin: 'sighting', hook: 'hold' }), 1);
  });
});
