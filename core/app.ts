/**
 * Composition root: config → logs → plugins → database → state → pipeline → HTTP → platforms, and the
 * graceful stop in reverse (stop accepting, drain, stop platforms, close the database).
 */
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { Config } from './config/index.ts';
import type { Plugin, PlatformPlugin, Renderer } from './contract.ts';
import { createDb, describeDb, prepareDatabase, type DbOptions } from './db/index.ts';
import { createDirectDispatcher, type Dispatcher } from './delivery/dispatcher.ts';
import { LookoutError } from './errors.ts';
import { buildHttp } from './http/build.ts';
import type { Logger } from './log/logger.ts';
import { openWebhookLog, type WebhookLog } from './log/webhook-log.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import { BoundedQueue } from './pipeline/bounded-queue.ts';
import { DedupeCache } from './pipeline/dedupe-cache.ts';
import { createHookCaller } from './pipeline/hook-call.ts';
import { acceptBatch, runWorkers } from './pipeline/intake.ts';
import { Pipeline, type PipelineItem } from './pipeline/pipeline.ts';
import { PluginRegistry } from './registry.ts';
import { databaseStateSource } from './state/db-source.ts';
import { StateManager } from './state/state.ts';

export interface AppOptions {
  readonly config: Config;
  readonly rootDir: string;
  readonly log: Logger;
  readonly plugins: readonly Plugin[];
  /** the render hook (the DTS engine); required as soon as an alert plugin parses webhooks */
  readonly renderer?: Renderer | null;
  /** defaults to a fresh registry with process metrics */
  readonly metrics?: Metrics;
  /** replaces the direct dispatcher (tests, the delivery queue) */
  readonly dispatcher?: Dispatcher;
  /** how long POST / waits for room in a full intake queue before refusing items */
  readonly intakeWaitMs?: number;
}

export interface App {
  readonly config: Config;
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly registry: PluginRegistry;
  readonly db: Knex;
  readonly state: StateManager;
  readonly http: FastifyInstance;
  /** listens on [processor] host/port (port 0 picks a free one); resolves with the bound port */
  listen(): Promise<number>;
  /** stop accepting, drain what is queued, stop platforms, close the database; idempotent */
  stop(): Promise<void>;
}

const BODY_LIMIT_BYTES = 64 * 1024 * 1024;

function dbOptionsFrom(config: Config, rootDir: string): DbOptions {
  const d = config.database;
  return {
    client: d.client,
    filename: resolve(rootDir, d.filename),
    host: d.host,
    port: d.port,
    user: d.user,
    password: d.password,
    database: d.database,
    maxConnections: config.tuning.max_database_connections,
  };
}

function requireRenderer(registry: PluginRegistry, renderer: Renderer | null): void {
  const needy = registry.alertPlugins.filter((p) => p.webhookTypes.length > 0).map((p) => p.name);
  if (needy.length > 0 && !renderer) {
    throw new LookoutError('PLUGIN_INVALID', `alert plugins ${needy.join(', ')} need a renderer (the DTS engine), and none is registered`);
  }
}

async function startPlatforms(platforms: readonly PlatformPlugin[], log: Logger): Promise<void> {
  for (const platform of platforms) {
    await platform.start?.({ log: log.child({ platform: platform.name }) });
    log.info({ platform: platform.name, targets: platform.targetTypes }, 'platform started');
  }
}

export async function createApp(options: AppOptions): Promise<App> {
  const { config, log } = options;
  const metrics = options.metrics ?? createMetrics();
  const registry = PluginRegistry.create(options.plugins);
  const renderer = options.renderer ?? null;
  requireRenderer(registry, renderer);

  const dbOptions = dbOptionsFrom(config, options.rootDir);
  log.info({ database: describeDb(dbOptions) }, 'opening database');
  const db = createDb(dbOptions, log);
  try {
    await prepareDatabase(db, log);
  } catch (err) {
    await db.destroy();
    throw err;
  }

  const state = new StateManager({
    source: databaseStateSource(db),
    tables: registry.trackingTables().map((t) => t.table),
    indexers: registry.alertPlugins.filter((p) => p.buildIndex).map((p) => ({ plugin: p.name, build: (s) => p.buildIndex!(s) })),
    log,
    metrics,
    reloadIntervalMs: config.tuning.reload_interval_secs * 1000,
  });
  await state.start();

  const hooks = createHookCaller(log, metrics);
  const dispatcher = options.dispatcher ?? createDirectDispatcher(log, metrics);
  const pipeline = new Pipeline({
    registry,
    snapshot: () => state.current,
    renderer,
    dispatcher,
    switches: (name) => config.general[name] === true,
    defaultLanguage: config.general.locale,
    dedupe: new DedupeCache(config.tuning.encounter_cache_ttl * 1000),
    hooks,
    log,
    metrics,
    now: Date.now,
  });
  const queue = new BoundedQueue<PipelineItem>(config.tuning.matched_max_queue_size);
  const workers = runWorkers(queue, config.tuning.concurrent_matched_processors, (item) => pipeline.process(item), metrics);

  const webhookLog: WebhookLog | null = config.webhookLogging.enabled
    ? openWebhookLog(
        {
          filename: config.webhookLogging.filename,
          maxSizeMb: config.webhookLogging.max_size,
          maxAgeDays: config.webhookLogging.max_age,
          maxBackups: config.webhookLogging.max_backups,
          compress: config.webhookLogging.compress,
          rotateIntervalMinutes: config.webhookLogging.rotate_interval,
        },
        options.rootDir,
      )
    : null;

  let stopping = false;
  const http = await buildHttp({
    config,
    log,
    metrics,
    bodyLimitBytes: BODY_LIMIT_BYTES,
    isStopping: () => stopping,
    logRaw: webhookLog ? (ip, raw) => webhookLog.write(ip, raw) : undefined,
    accept: (body) => acceptBatch(body, { registry, queue, metrics, log, offerTimeoutMs: options.intakeWaitMs ?? 5000, now: Date.now }),
    reloadState: () => state.reload(),
  });

  await startPlatforms(registry.platforms, log);

  let stopped: Promise<void> | null = null;
  const stop = async (): Promise<void> => {
    stopping = true;
    log.info({ queued: queue.size }, 'stopping: no longer accepting webhooks');
    await http.close();
    queue.close();
    await workers;
    await dispatcher.drain();
    for (const platform of [...registry.platforms].reverse()) await platform.stop?.();
    state.stop();
    await db.destroy();
    await webhookLog?.close();
    log.info('stopped');
  };

  return {
    config,
    log,
    metrics,
    registry,
    db,
    state,
    http,
    async listen() {
      await http.listen({ host: config.processor.host, port: config.processor.port });
      const address = http.server.address();
      const port = typeof address === 'object' && address ? address.port : config.processor.port;
      log.info({ host: config.processor.host, port, plugins: registry.alertPlugins.map((p) => p.name), platforms: registry.platforms.map((p) => p.name) }, 'listening');
      return port;
    },
    stop() {
      stopped ??= stop();
      return stopped;
    },
  };
}
