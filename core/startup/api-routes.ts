/**
 * Start-up step: the authenticated /api routes the core adds to the HTTP server: geofences and their maps, humans,
 * tracking rules, the read-only config and master data, templates, messages and the maintenance pause.
 */
import type { Human } from '../model.ts';
import type { CoreServices, Renderer } from '../contract.ts';
import { ruleDescriber, templateCheck } from '../commands/rule-lookups.ts';
import type { DirectMessenger } from '../delivery/direct.ts';
import { geofenceRoutes, type GeofenceStore } from '../geo/index.ts';
import { geofenceMapRoutes } from '../geo/map-routes.ts';
import { dtsApiRoutes } from '../http/api/dts.ts';
import { configApiRoutes, humanApiRoutes, membershipApiRoutes } from '../http/api/index.ts';
import { isAnyPlatformAdmin } from '../membership/index.ts';
import { messageApiRoutes } from '../http/api/messages.ts';
import { maintenanceApiRoutes } from '../http/api/maintenance.ts';
import { explainApiRoutes } from '../http/api/explain.ts';
import type { Explainer } from '../explain/explainer.ts';
import type { Maintenance } from '../delivery/maintenance.ts';
import { pluginApiRoutes } from '../http/api/plugin-routes.ts';
import { servedTables, trackingApiRoutes } from '../http/api/tracking/index.ts';
import { switchReader } from '../switches.ts';
import type { ApiRoutes } from '../http/server.ts';
import type { Stores } from '../state/watched-stores.ts';
import type { TestCatalog } from '../commands/test-data.ts';
import type { Pipeline } from '../pipeline/pipeline.ts';
import type { RecentEvents } from '../preview/recent-events.ts';
import type { StartedCore } from './basics.ts';
import type { PluginTemplates } from './plugins.ts';
import type { Replies } from './replies.ts';

export interface ApiSetup extends StartedCore {
  readonly services: CoreServices;
  readonly geofences: GeofenceStore;
  readonly stores: Stores;
  readonly renderer: Renderer;
  readonly messages: DirectMessenger;
  readonly replies: Replies;
  readonly templates: PluginTemplates;
  /** renders webhooks for the template editors without sending them */
  readonly pipeline: Pick<Pipeline, 'preview'>;
  readonly recent: RecentEvents;
  readonly testCatalog: TestCatalog;
  /** the delivery queue's maintenance pause (null: the queue is replaced) */
  readonly maintenance: Maintenance | null;
  /** "why didn't I get this alert?" (GET /api/explain/{humanId}) */
  readonly explainer: Explainer;
}

export function appApiRoutes(s: ApiSetup): ApiRoutes[] {
  const { config, log, registry, services, geofences, stores, state, renderer, messages, replies, templates } = s;
  const served = servedTables(registry, switchReader(config));
  const trackingApiDeps = {
    stores,
    geofences,
    config,
    gameData: () => services.gameData(),
    tables: () => served,
    describe: ruleDescriber(registry, () => services.gameData(), replies.tables),
    translate: (language: string | null, text: string, vars?: Readonly<Record<string, string | number>>) => replies.translator(language)(text, vars),
    prefix: (targetType: string) => registry.platformForTarget(targetType)?.commandPrefix ?? '!',
    templateExists: templateCheck(registry, renderer, log),
    notify: (human: Human, text: string) => messages.sendText({ id: human.id, type: human.type, name: human.name, language: human.language }, text, 'WebApi'),
  };
  return [
    geofenceRoutes(geofences),
    geofenceMapRoutes({ geocoding: config.geocoding, geofences, services }),
    humanApiRoutes({
      stores,
      geofences,
      trackingTables: () => registry.trackingTables().map((t) => t.table),
      defaultTargetType: registry.platforms.find((p) => p.defaultTargetType !== undefined)?.defaultTargetType,
      areaSecurity: config.area_security,
      isAdmin: (id) => isAnyPlatformAdmin(config, id),
      administration: async (id) => {
        const parts = await Promise.all(registry.platforms.map(async (p) => (p.administrationOf ? [[p.name, await p.administrationOf(id)]] : [])));
        return Object.fromEntries(parts.flat());
      },
    }),
    trackingApiRoutes(trackingApiDeps),
    membershipApiRoutes(() => registry.platforms),
    // read-only config and master data: the current game data, the plugins' alert types, the renderer's templates
    configApiRoutes({
      config,
      gameData: () => services.gameData(),
      alertTypes: () => [...new Set(registry.alertPlugins.flatMap((p) => p.alertTypes))],
      platformPrefixes: () => Object.fromEntries(registry.platforms.flatMap((p) => (p.commandPrefix === undefined ? [] : [[p.name, p.commandPrefix]]))),
      templatePlatforms: () => templates.platforms.names,
      templates: renderer,
      disableSwitches: registry.alertPlugins.flatMap((p) => p.disableSwitches ?? []),
      clientConfig: registry.alertPlugins.flatMap((p) => (p.clientConfig ? [{ plugin: p.name, contribution: p.clientConfig }] : [])),
    }),
    dtsApiRoutes({
      renderer,
      rootDir: s.rootDir,
      log: log.child({ part: 'dts' }),
      editor: { preview: (item, target) => s.pipeline.preview(item, target), registry, testCatalog: s.testCatalog, recent: s.recent, gameData: () => services.gameData(), messages, now: Date.now },
    }),
    messageApiRoutes({ messenger: messages }),
    maintenanceApiRoutes(s.maintenance),
    explainApiRoutes({ explainer: s.explainer, translator: replies.translator, languageOf: (id) => state.current.humans.get(id)?.language ?? null }),
    // what the alert plugins add below /api (their master data listings, the monster plugin's refresh)
    pluginApiRoutes(registry.apiRoutes(), { reloadState: () => state.reload(), log: log.child({ part: 'api' }) }),
  ];
}
