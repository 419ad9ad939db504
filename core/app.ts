/**
 * Composition root: config → logs → plugins → database → state → pipeline → HTTP → platforms, and the
 * graceful stop in reverse (stop accepting, drain, stop platforms, close the database). Each step is a function of
 * core/startup/.
 */
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { BackupSweeper } from './backups/index.ts';
import type { CommandHandler } from './commands/handler.ts';
import { loadTestCatalog } from './commands/test-data.ts';
import { buildCommandHandler, commandRegistryFor } from './commands/wiring.ts';
import type { Config } from './config/index.ts';
import type { CoreServices, PluginClock, Renderer } from './contract.ts';
import type { DirectMessenger } from './delivery/direct.ts';
import type { Dispatcher } from './delivery/dispatcher.ts';
import type { GameData } from './gamedata/index.ts';
import type { Icons } from './icons/index.ts';
import type { Logger } from './log/logger.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import { createHookCaller } from './pipeline/hook-call.ts';
import { replayJournal } from './pipeline/replay.ts';
import type { PluginRegistry } from './registry.ts';
import { loadServices } from './services.ts';
import { startAlertPlugins } from './startup/alert-plugins.ts';
import { appApiRoutes } from './startup/api-routes.ts';
import { wireDelivery } from './startup/delivery.ts';
import { buildAppHttp, openWebhookLogFor } from './startup/http.ts';
import { startPipeline } from './startup/pipeline.ts';
import { wireExplain } from './startup/explain.ts';
import { platformHumans, startPlatforms } from './startup/platforms.ts';
import { loadDtsRenderer, pluginTemplates, registerPlugins, type PluginSource } from './startup/plugins.ts';
import { loadReplies } from './startup/replies.ts';
import { startState } from './startup/state.ts';
import { stopInOrder } from './startup/stop.ts';
import { openStorage } from './startup/storage.ts';
import type { StateManager } from './state/state.ts';
import type { Stores } from './state/watched-stores.ts';

export interface AppOptions {
  readonly config: Config;
  readonly rootDir: string;
  readonly log: Logger;
  /** the plugins, or a factory building them once the core services are loaded */
  readonly plugins: PluginSource;
  /** game data to use instead of downloading it (tests, tools) */
  readonly gameData?: GameData;
  /** icon sets to use instead of downloading the repositories' indexes (tests, tools) */
  readonly icons?: Icons;
  /** the render hook; defaults to the DTS engine over fallbacks/ and config/ */
  readonly renderer?: Renderer;
  /** defaults to a fresh registry with process metrics */
  readonly metrics?: Metrics;
  /** replaces the delivery queue (tests) */
  readonly dispatcher?: Dispatcher;
  /** aborted by a stop signal: a start still waiting for the database gives up (StartCancelledError) */
  readonly stopSignal?: AbortSignal;
  /** how long POST / waits for room in a full intake queue before refusing items; default [tuning] intake_wait_secs */
  readonly intakeWaitMs?: number;
  /** the clock and timers of the alert plugins' background work (AlertPlugin.start); default the real one (tests: a fake) */
  readonly clock?: PluginClock;
}

export interface App {
  readonly config: Config;
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly registry: PluginRegistry;
  readonly db: Knex;
  readonly state: StateManager;
  /** humans, profiles and named locations; every mutation schedules the debounced state rebuild */
  readonly stores: Stores;
  /** the core services the plugins were built with (game data, geofences, icons, weather cells) */
  readonly services: CoreServices;
  readonly http: FastifyInstance;
  /** the command framework platforms call (also handy for tools and tests) */
  readonly handleCommand: CommandHandler;
  /** sends messages that are not alerts (API messages, confirmations) through the delivery queue */
  readonly messages: DirectMessenger;
  /** listens on [processor] host/port (port 0 picks a free one); resolves with the bound port */
  listen(): Promise<number>;
  /** stop accepting, drain what is queued, stop platforms, close the database; idempotent */
  stop(): Promise<void>;
}

export async function createApp(options: AppOptions): Promise<App> {
  const { config, log, rootDir } = options;
  const metrics = options.metrics ?? createMetrics();
  const { services, geofences, loadGameData, stop: stopServices } = await loadServices(config, rootDir, log, options.gameData, options.icons, metrics);
  const registry = await registerPlugins(options.plugins, { config, rootDir, log, services });
  await loadGameData(registry.gameDataSources());
  const commands = commandRegistryFor(registry, config);
  const templates = pluginTemplates(registry);
  const renderer = options.renderer ?? (await loadDtsRenderer(config, rootDir, log, services, templates));
  const { db, journal } = await openStorage({ config, rootDir, log, metrics, stopSignal: options.stopSignal, stopServices, registry });
  const { state, stores } = await startState(db, registry, config, log, metrics);
  const core = { config, rootDir, log, metrics, registry, state };
  const hooks = createHookCaller(log, metrics);
  const replies = await loadReplies(config, rootDir, log, services, templates.fallbacks);
  const explain = wireExplain({ ...core, stores, geofences, services, replies });
  const { delivery, dispatcher, messages } = wireDelivery({ ...core, stores, replies, journal, dispatcher: options.dispatcher, watch: explain.watch });
  const { pipeline, enricher, queue, workers, recent } = startPipeline({ ...core, renderer, dispatcher, hooks, geofences, services, messages, sent: delivery?.sent ?? null, history: explain.history });
  const webhookLog = openWebhookLogFor(config, rootDir);
  const testCatalog = await loadTestCatalog(registry, rootDir, log);
  const api = appApiRoutes({ ...core, services, geofences, stores, renderer, messages, replies, templates, pipeline, recent, testCatalog, maintenance: delivery?.maintenance ?? null, explainer: explain.explainer });

  let stopping = false;
  const intakeWaitMs = options.intakeWaitMs ?? config.tuning.intake_wait_secs * 1000;
  const http = await buildAppHttp({ ...core, db, journal, queue, webhookLog, intakeWaitMs, isStopping: () => stopping, api });
  const handleCommand = await buildCommandHandler({
    localeTables: replies.tables,
    metrics,
    config,
    log: log.child({ part: 'commands' }),
    rootDir,
    commands,
    registry,
    stores,
    snapshot: () => state.current,
    services,
    geofences: () => geofences.current,
    renderer,
    testCatalog,
    explainer: explain.explainer,
    inject: async (item) => {
      await state.settled();
      await pipeline.process(item);
    },
  });
  await startAlertPlugins({ registry, state, db, metrics, log, renderer, dispatcher, enricher, defaultLanguage: config.general.locale, translator: replies.translator, messages, clock: options.clock });
  await startPlatforms(registry.platforms, log, { handleCommand, humans: platformHumans(stores), reloadState: () => state.reload() }, { config, rootDir, stores, metrics, log });
  await delivery?.start();
  const replaying = journal ? replayJournal(journal, { queue, registry, dispatcher, metrics, log: log.child({ part: 'journal' }) }) : Promise.resolve();
  const backupSweeper = new BackupSweeper({ rootDir, log: log.child({ part: 'backups' }) });
  backupSweeper.start();

  let stopped: Promise<void> | null = null;
  const running = { log, http, queue, replaying, workers, enricher, delivery, dispatcher, registry, journal, state, backupSweeper, stopServices, db, webhookLog };
  return {
    config,
    log,
    metrics,
    registry,
    db,
    state,
    stores,
    services,
    http,
    handleCommand,
    messages,
    async listen() {
      await http.listen({ host: config.processor.host, port: config.processor.port });
      const address = http.server.address();
      const port = typeof address === 'object' && address ? address.port : config.processor.port;
      log.info({ host: config.processor.host, port, plugins: registry.alertPlugins.map((p) => p.name), platforms: registry.platforms.map((p) => p.name) }, 'listening');
      return port;
    },
    stop() {
      stopping = true;
      stopped ??= stopInOrder(running);
      return stopped;
    },
  };
}
