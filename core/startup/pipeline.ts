/**
 * Start-up step: the pipeline (with the core's common variables, the current geofences and, with [validation] url
 * set, the validation hook) and the workers taking webhook items from the bounded intake queue into it.
 */
import type { CoreServices, Renderer } from '../contract.ts';
import { switchReader } from '../switches.ts';
import type { Dispatcher } from '../delivery/dispatcher.ts';
import { createCommonEnricher, type CommonEnricher } from '../enrich/index.ts';
import type { GeofenceStore } from '../geo/index.ts';
import { BoundedQueue } from '../pipeline/bounded-queue.ts';
import { DedupeCache } from '../pipeline/dedupe-cache.ts';
import type { HookCaller } from '../pipeline/hook-call.ts';
import { runWorkers } from '../pipeline/intake.ts';
import { Pipeline, type PipelineItem, type PipelineOptions } from '../pipeline/pipeline.ts';
import type { SentMessages } from '../delivery/sent-messages.ts';
import type { EventHistory } from '../explain/event-history.ts';
import { RecentEvents } from '../preview/recent-events.ts';
import type { DirectMessenger } from '../delivery/direct.ts';
import { matchValidatorFrom } from '../validation/index.ts';
import type { StartedCore } from './basics.ts';

export interface PipelineSetup extends StartedCore {
  readonly renderer: Renderer;
  readonly dispatcher: Dispatcher;
  readonly hooks: HookCaller;
  readonly geofences: GeofenceStore;
  /** icons and the scanner database, for the static map's nearby stops */
  readonly services?: CoreServices;
  /** sends the validation hook's failure messages to denied recipients */
  readonly messages?: DirectMessenger;
  /** the sent-message memory (edits in place, reply chains); none = both off */
  readonly sent?: SentMessages | null;
  /** the explain history the pipeline records events into; none or keeping nothing = not recorded */
  readonly history?: EventHistory;
}

export interface RunningPipeline {
  readonly pipeline: Pipeline;
  readonly enricher: CommonEnricher;
  /** the intake queue the workers take from */
  readonly queue: BoundedQueue<PipelineItem>;
  /** settles once the queue is closed and the workers finished */
  readonly workers: Promise<void>;
  /** the last webhooks accepted (the template studio) */
  readonly recent: RecentEvents;
}

/** which jobs carry editKeys and how the pipeline asks for an earlier message: none without a sent-message memory */
function followUpOptions(sent: SentMessages | null, replyChains: boolean): Pick<PipelineOptions, 'editKeysFor' | 'hasEarlier' | 'earlierRecipients'> {
  if (!sent) return { editKeysFor: 'nobody' };
  return {
    editKeysFor: replyChains ? 'everyone' : 'edit-rules',
    hasEarlier: (key, target) => sent.lookup(key, target) !== null,
    earlierRecipients: (key) => sent.recipients(key),
  };
}

export function startPipeline(s: PipelineSetup): RunningPipeline {
  const { config, log, metrics, state, geofences } = s;
  const enricher = createCommonEnricher({ config, log: log.child({ part: 'enrich' }), rootDir: s.rootDir, services: s.services });
  const recent = new RecentEvents();
  const { messages } = s;
  const validator = matchValidatorFrom({
    config,
    metrics,
    log: log.child({ part: 'validation' }),
    ...(messages ? { notify: (human, text) => messages.sendText({ id: human.id, type: human.type, name: human.name, language: human.language }, text, 'Validation') } : {}),
  });
  const pipeline = new Pipeline({
    registry: s.registry,
    snapshot: () => state.current,
    renderer: s.renderer,
    dispatcher: s.dispatcher,
    switches: switchReader(config),
    defaultLanguage: config.general.locale,
    dedupe: new DedupeCache(config.tuning.encounter_cache_ttl * 1000),
    hooks: s.hooks,
    log,
    metrics,
    now: Date.now,
    fencesAt: (latitude, longitude) => geofences.current.index.query(latitude, longitude),
    enricher,
    strictLocations: config.area_security.enabled && config.area_security.strict_locations,
    recent,
    validator,
    ...(s.history?.enabled ? { history: s.history } : {}),
    ...followUpOptions(s.sent ?? null, config.tracking.reply_chains),
  });
  const queue = new BoundedQueue<PipelineItem>(config.tuning.matched_max_queue_size);
  metrics.queueCapacity.set({ queue: 'intake' }, config.tuning.matched_max_queue_size);
  const workers = runWorkers(queue, config.tuning.concurrent_matched_processors, (item) => pipeline.process(item), metrics);
  return { pipeline, enricher, queue, workers, recent };
}
