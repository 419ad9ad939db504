/**
 * A pipeline for the test `sighting` plugin (test/fixtures/sighting-plugin.ts) with its rules, a recording
 * platform, the JSON renderer and a dispatcher that keeps every job: what the pipeline step tests (hold, edit
 * keys, validation…) share, each giving its own plugin and the options it exercises.
 */
import type { DeliveryJob, Plugin } from '../../../core/contract.ts';
import type { Dispatcher } from '../../../core/delivery/dispatcher.ts';
import type { Logger } from '../../../core/log/logger.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { createMetrics, type Metrics } from '../../../core/metrics/metrics.ts';
import { DedupeCache } from '../../../core/pipeline/dedupe-cache.ts';
import { createHookCaller } from '../../../core/pipeline/hook-call.ts';
import { Pipeline, type PipelineItem, type PipelineOptions } from '../../../core/pipeline/pipeline.ts';
import { PluginRegistry } from '../../../core/registry.ts';
import type { TrackingRow } from '../../../core/model.ts';
import { buildSnapshot } from '../../../core/state/snapshot.ts';
import { jsonRenderer, recordingPlatform } from '../../fixtures/recording-platform.ts';
import { SIGHTING_TABLE, buildSightingIndex, sightingPlugin } from '../../fixtures/sighting-plugin.ts';
import { human, sightingRule } from '../../helpers/humans.ts';

export interface SightingPipelineOptions {
  /** the plugin (default the plain sighting plugin) */
  readonly plugin?: object;
  /** alice's and bob's rules (default both track species 25) */
  readonly rules?: readonly TrackingRow[];
  readonly log?: Logger;
  /** further pipeline options (validator, edit keys…) */
  readonly options?: Partial<PipelineOptions>;
}

export interface SightingPipeline {
  readonly pipeline: Pipeline;
  readonly jobs: DeliveryJob[];
  readonly metrics: Metrics;
  /** a sighting item; `onlyTo` makes it a service-test item */
  item(message: unknown, onlyTo?: string): PipelineItem;
}

export function sightingPipeline(o: SightingPipelineOptions = {}): SightingPipeline {
  const log = o.log ?? silentLogger();
  const metrics = createMetrics({ collectProcess: false });
  const registry = PluginRegistry.create([(o.plugin ?? sightingPlugin()) as unknown as Plugin, recordingPlatform().plugin]);
  const rules = o.rules ?? [sightingRule('alice', 25), sightingRule('bob', 25)];
  const snapshot = buildSnapshot({ humans: [human('alice'), human('bob')], profiles: [], locations: [], tables: new Map([[SIGHTING_TABLE, [...rules]]]) }, 1, [{ plugin: 'sighting', build: buildSightingIndex }], Date.now());
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
    hooks: createHookCaller(log, metrics),
    log,
    metrics,
    now: Date.now,
    ...o.options,
  });
  let n = 0;
  const item = (message: unknown, onlyTo?: string): PipelineItem => ({ type: 'sighting', message, meta: { eventId: `e${++n}`, webhookType: 'sighting', receivedAt: Date.now() }, ...(onlyTo ? { onlyTo } : {}) });
  return { pipeline, jobs, metrics, item };
}
