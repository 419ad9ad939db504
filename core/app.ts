/**
 * Composition root: config → logs → plugins → database → state → pipeline → HTTP → platforms, and the
 * graceful stop in reverse (stop accepting, drain, stop platforms, close the database).
 */
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { Config } from './config/index.ts';
import type { CoreServices, Human, Plugin, PlatformPlugin, PluginSetup, Renderer } from './contract.ts';
import type { GameData } from './gamedata/index.ts';
import type { Icons } from './icons/index.ts';
import { geofenceRoutes } from './geo/index.ts';
import { geofenceMapRoutes } from './geo/map-routes.ts';
import { loadServices } from './services.ts';
import { DtsEngine } from './dts/engine.ts';
import { templatePlatforms } from './dts/platforms.ts';
import { gameDataLookups } from './dts/game-data-lookups.ts';
import { createDb, describeDb, prepareWhenReachable, type DbOptions } from './db/index.ts';
import { createDatabaseProbe } from './db/health-probe.ts';
import type { Dispatcher } from './delivery/dispatcher.ts';
import { createDeliveryService } from './delivery/service.ts';
import { createDirectMessenger, type DirectMessenger } from './delivery/direct.ts';
import { warnUnservedHumans } from './delivery/unserved-humans.ts';
import { createCommonEnricher } from './enrich/index.ts';
import { settlingOnDispatch } from './delivery/settling-dispatcher.ts';
import { openJournal } from './journal/journal.ts';
import { journalStoreFor } from './journal/store-for.ts';
import { replayJournal } from './pipeline/replay.ts';
import { buildHttp } from './http/build.ts';
import { configApiRoutes, humanApiRoutes } from './http/api/index.ts';
import { dtsApiRoutes } from './http/api/dts.ts';
import { messageApiRoutes } from './http/api/messages.ts';
import { pluginApiRoutes } from './http/api/plugin-routes.ts';
import { BackupSweeper } from './backups/index.ts';
import { servedTables, trackingApiRoutes } from './http/api/tracking/index.ts';
import { switchReader, undeclaredSwitches } from './switches.ts';
import { ruleDescriber, templateCheck } from './commands/rule-lookups.ts';
import type { CommandHandler } from './commands/handler.ts';
import { buildCommandHandler, commandRegistryFor, loadReplyTranslations } from './commands/wiring.ts';
import { translatorFor } from './commands/translate.ts';
import type { Logger } from './log/logger.ts';
import { openWebhookLog, type WebhookLog } from './log/webhook-log.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import { BoundedQueue } from './pipeline/bounded-queue.ts';
import { DedupeCache } from './pipeline/dedupe-cache.ts';
import { createHookCaller } from './pipeline/hook-call.ts';
import { acceptBatch, runWorkers } from './pipeline/intake.ts';
import { Pipeline, type PipelineItem } from './pipeline/pipeline.ts';
import { pluginFallbackFolders } from './plugin-fallbacks.ts';
import { PluginRegistry } from './registry.ts';
import { databaseStateSource } from './state/db-source.ts';
import { StateManager } from './state/state.ts';
import { createStores, type Stores } from './state/watched-stores.ts';

export interface AppOptions {
  readonly config: Config;
  readonly rootDir: string;
  readonly log: Logger;
  /** the plugins, or a factory building them once the core services are loaded */
  readonly plugins: readonly Plugin[] | ((setup: PluginSetup) => Promise<readonly Plugin[]>);
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

async function startPlatforms(platforms: readonly PlatformPlugin[], log: Logger, handleCommand: CommandHandler): Promise<void> {
  for (const platform of platforms) {
    await platform.start?.({ log: log.child({ platform: platform.name }), handleCommand });
    log.info({ platform: platform.name, targets: platform.targetTypes }, 'platform started');
  }
}

export async function createApp(options: AppOptions): Promise<App> {
  const { config, log } = options;
  const metrics = options.metrics ?? createMetrics();
  const { services, geofences, loadGameData, stop: stopServices } = await loadServices(config, options.rootDir, log, options.gameData, options.icons);
  const setup: PluginSetup = { config, rootDir: options.rootDir, log, services };
  const registry = PluginRegistry.create(typeof options.plugins === 'function' ? await options.plugins(setup) : options.plugins);
  for (const key of undeclaredSwitches(registry.alertPlugins, config)) log.warn({ key }, 'a plugin declares a disable switch its module does not export in its config spec; it cannot be turned on');
  await loadGameData(registry.gameDataSources());
  const commands = commandRegistryFor(registry, config);
  const pluginFallbacks = pluginFallbackFolders([...registry.alertPlugins, ...registry.platforms]);
  const platforms = templatePlatforms(registry.platforms);
  const renderer =
    options.renderer ??
    (await DtsEngine.load({
      rootDir: options.rootDir,
      log: log.child({ part: 'dts' }),
      platforms,
      pluginFallbacks,
      lookups: gameDataLookups(services.gameData(), { rootDir: options.rootDir, log }),
      defaultTemplateId: config.general.default_template_name,
      fallbackLanguage: config.general.locale,
      altLanguage: config.locale.language,
      numberLocale: config.locale.timeformat,
    }));

  const dbOptions = dbOptionsFrom(config, options.rootDir);
  log.info({ database: describeDb(dbOptions) }, 'opening database');
  const db = createDb(dbOptions, log);
  try {
    await prepareWhenReachable(db, log, { database: describeDb(dbOptions), signal: options.stopSignal, plugins: registry.alertPlugins });
  } catch (err) {
    await db.destroy();
    stopServices();
    throw err;
  }

  const journal = config.journal.enabled
    ? await openJournal({ store: journalStoreFor(dbOptions, db), log: log.child({ part: 'journal' }), metrics }).catch(async (err: unknown) => {
        await db.destroy();
        stopServices();
        throw err;
      })
    : null;

  const state = new StateManager({
    source: databaseStateSource(db),
    tables: registry.trackingTables().map((t) => ({
      table: t.table,
      ...(t.read ? { read: t.read } : {}),
      indexed: registry.alertPlugins.some((p) => p.name === t.plugin && p.buildIndex !== undefined),
    })),
    indexers: registry.alertPlugins.filter((p) => p.buildIndex).map((p) => ({ plugin: p.name, build: (s) => p.buildIndex!(s) })),
    log,
    metrics,
    reloadIntervalMs: config.tuning.reload_interval_secs * 1000,
  });
  await state.start();
  warnUnservedHumans(state.current.humans.values(), (type) => registry.platformForTarget(type) !== undefined, log);
  const stores = createStores(db, () => state.requestReload(), registry.trackingTables().map((t) => t.table), registry.humanTables());

  const hooks = createHookCaller(log, metrics);
  const replyTranslations = await loadReplyTranslations(options.rootDir, log, pluginFallbacks);
  const replyTranslator = (language: string | null) =>
    translatorFor(language ?? config.general.locale, { gameData: (text, lang) => services.gameData().translate(text, lang), tables: replyTranslations });
  const delivery = options.dispatcher
    ? null
    : createDeliveryService({
        log: log.child({ part: 'delivery' }),
        metrics,
        rootDir: options.rootDir,
        limits: config.alert_limits,
        capacity: config.tuning.matched_max_queue_size,
        platforms: registry.platforms,
        platformForTarget: (type) => registry.platformForTarget(type),
        registeredType: (id) => state.current.humans.get(id)?.type,
        humans: stores.humans,
        failsInSnapshot: (id) => state.current.humans.get(id)?.fails,
        translator: replyTranslator,
        stopGraceMs: config.tuning.stop_grace_secs * 1000,
      });
  const dispatcher = options.dispatcher ? settlingOnDispatch(options.dispatcher) : delivery!.dispatcher;
  const messages = createDirectMessenger({
    dispatcher,
    platformForTarget: (type) => registry.platformForTarget(type),
    log: log.child({ part: 'messages' }),
    ...(journal ? { journal } : {}),
  });
  const enricher = createCommonEnricher({ config, log: log.child({ part: 'enrich' }), rootDir: options.rootDir });
  const pipeline = new Pipeline({
    registry,
    snapshot: () => state.current,
    renderer,
    dispatcher,
    switches: switchReader(config),
    defaultLanguage: config.general.locale,
    dedupe: new DedupeCache(config.tuning.encounter_cache_ttl * 1000),
    hooks,
    log,
    metrics,
    now: Date.now,
    fencesAt: (latitude, longitude) => geofences.current.index.query(latitude, longitude),
    enricher,
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

  const served = servedTables(registry, switchReader(config));
  const trackingApiDeps = {
    stores,
    geofences,
    config,
    gameData: () => services.gameData(),
    tables: () => served,
    describe: ruleDescriber(registry, () => services.gameData(), replyTranslations),
    translate: (language: string | null, text: string, vars?: Readonly<Record<string, string | number>>) => replyTranslator(language)(text, vars),
    prefix: (targetType: string) => registry.platformForTarget(targetType)?.commandPrefix ?? '!',
    templateExists: templateCheck(registry, renderer, log),
    notify: (human: Human, text: string) => messages.sendText({ id: human.id, type: human.type, name: human.name, language: human.language }, text, 'WebApi'),
  };

  let stopping = false;
  const http = await buildHttp({
    config,
    log,
    metrics,
    bodyLimitBytes: BODY_LIMIT_BYTES,
    isStopping: () => stopping,
    logRaw: webhookLog ? (ip, raw) => webhookLog.write(ip, raw) : undefined,
    accept: (body, rawBody) =>
      acceptBatch(
        body,
        { registry, queue, metrics, log, offerTimeoutMs: options.intakeWaitMs ?? config.tuning.intake_wait_secs * 1000, now: Date.now, ...(journal ? { journal } : {}) },
        rawBody,
      ),
    reloadState: () => state.reload(),
    databaseHealth: createDatabaseProbe(db),
    journalHealth: () => (journal ? (journal.healthy ? 'ok' : 'unavailable') : 'off'),
    extraApi: [
      geofenceRoutes(geofences),
      geofenceMapRoutes({ geocoding: config.geocoding, geofences, services }),
      humanApiRoutes({
        stores,
        geofences,
        trackingTables: () => registry.trackingTables().map((t) => t.table),
        defaultTargetType: registry.platforms.find((p) => p.defaultTargetType !== undefined)?.defaultTargetType,
      }),
      trackingApiRoutes(trackingApiDeps),
      // read-only config and master data: the current game data, the plugins' alert types, the renderer's templates
      configApiRoutes({
        config,
        gameData: () => services.gameData(),
        alertTypes: () => [...new Set(registry.alertPlugins.flatMap((p) => p.alertTypes))],
        platformPrefixes: () => Object.fromEntries(registry.platforms.flatMap((p) => (p.commandPrefix === undefined ? [] : [[p.name, p.commandPrefix]]))),
        templatePlatforms: () => platforms.names,
        templates: renderer,
        disableSwitches: registry.alertPlugins.flatMap((p) => p.disableSwitches ?? []),
        clientConfig: registry.alertPlugins.flatMap((p) => (p.clientConfig ? [{ plugin: p.name, contribution: p.clientConfig }] : [])),
      }),
      dtsApiRoutes({ renderer, rootDir: options.rootDir, log: log.child({ part: 'dts' }) }),
      messageApiRoutes({ messenger: messages }),
      // what the alert plugins add below /api (their master data listings, the monster plugin's refresh)
      pluginApiRoutes(registry.apiRoutes(), { reloadState: () => state.reload(), log: log.child({ part: 'api' }) }),
    ],
  });

  const handleCommand = await buildCommandHandler({
    localeTables: replyTranslations,
    metrics,
    config,
    log: log.child({ part: 'commands' }),
    rootDir: options.rootDir,
    commands,
    registry,
    stores,
    snapshot: () => state.current,
    services,
    geofences: () => geofences.current,
    renderer,
    inject: async (item) => {
      await state.settled();
      await pipeline.process(item);
    },
  });
  await startPlatforms(registry.platforms, log, handleCommand);
  await delivery?.start();
  const replaying = journal ? replayJournal(journal, { queue, registry, dispatcher, metrics, log: log.child({ part: 'journal' }) }) : Promise.resolve();
  const backupSweeper = new BackupSweeper({ rootDir: options.rootDir, log: log.child({ part: 'backups' }) });
  backupSweeper.start();

  let stopped: Promise<void> | null = null;
  const stop = async (): Promise<void> => {
    stopping = true;
    log.info({ queued: queue.size }, 'stopping: no longer accepting webhooks');
    await http.close();
    queue.close();
    await replaying;
    await workers;
    await enricher.stop?.();
    if (delivery) await delivery.stop();
    else await dispatcher.drain();
    for (const platform of [...registry.platforms].reverse()) await platform.stop?.();
    if (journal) {
      await journal.close();
      log.info({ carriedOver: delivery?.dispatcher.carriedOver ?? 0, openEntries: journal.openEntries }, 'journal closed; what is not delivered goes out after the next start');
    }
    state.stop();
    backupSweeper.stop();
    stopServices();
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
      stopped ??= stop();
      return stopped;
    },
  };
}
