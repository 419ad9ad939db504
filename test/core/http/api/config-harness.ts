/**
 * The configuration and master data API over the fixture game data: the HTTP server built as the app builds
 * it (auth, error shape) with only these routes (and the master data routes the invasion and quest plugins
 * contribute), a config from an object, a small template listing and the bundled plugins' parts of the answers.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bundledPluginConfigs, configFromObject } from '../../../helpers/config.ts';
import { GameData } from '../../../../core/gamedata/game-data.ts';
import type { Config } from '../../../../core/config/index.ts';
import type { ConfigApiDeps, TemplateSource } from '../../../../core/http/api/config-deps.ts';
import { configApiRoutes } from '../../../../core/http/api/index.ts';
import { pluginApiRoutes } from '../../../../core/http/api/plugin-routes.ts';
import { createHttpServer } from '../../../../core/http/server.ts';
import { silentLogger } from '../../../../core/log/logger.ts';
import { GYM_CLIENT_CONFIG } from '../../../../plugins/gym/client-config.ts';
import invasionPlugin from '../../../../plugins/invasion/index.ts';
import { MONSTER_CLIENT_CONFIG } from '../../../../plugins/monster/client-config.ts';
import { WEATHER_CLIENT_CONFIG } from '../../../../plugins/weather/client-config.ts';
import questPlugin from '../../../../plugins/quest/index.ts';
import { captureLog } from '../../../helpers/log-capture.ts';
import { fixtureGameData, testPluginSetup } from '../../../helpers/plugin-setup.ts';

export const CONFIG_SECRET = 'config-api-test-secret';

/** The bundled plugins' parts of the client configuration answers, in plugin order. */
export const BUNDLED_CLIENT_CONFIG = [
  { plugin: 'gym', contribution: GYM_CLIENT_CONFIG },
  { plugin: 'monster', contribution: MONSTER_CLIENT_CONFIG },
  { plugin: 'weather', contribution: WEATHER_CLIENT_CONFIG },
];

/** Route dependencies without alert types, platforms, templates or switches, for calling the handlers directly. */
export function bareConfigDeps(config: Config, more: Partial<ConfigApiDeps> = {}): ConfigApiDeps {
  return { config, gameData: () => GameData.empty(), alertTypes: () => [], platformPrefixes: () => ({}), templatePlatforms: () => [], templates: {}, disableSwitches: [], version: '1', ...more };
}

export interface ConfigHarness {
  readonly app: FastifyInstance;
  get(url: string, secret?: string | null): Promise<LightMyRequestResponse>;
}

export interface ConfigHarnessOptions {
  readonly config?: Record<string, unknown>;
  readonly gameData?: GameData;
  readonly templates?: TemplateSource;
  readonly alertTypes?: readonly string[];
}

const entry = (id: string, type: string, platform: string, language: string, raw: Record<string, unknown> = {}) => ({ id, type, platform, language, raw });

/** discord + telegram ids for `monster` and `raid`, one hidden entry, one language-bound entry */
export const FAKE_TEMPLATES: TemplateSource = {
  entries: () => [
    entry('2', 'monster', 'discord', ''),
    entry('1', 'monster', '', ''),
    entry('10', 'monster', 'discord', ''),
    entry('de-only', 'monster', 'discord', 'de'),
    entry('secret-admin', 'monster', 'discord', '', { hidden: true }),
    entry('1', 'raid', 'telegram', ''),
  ],
  templateIds: (type, platform) => {
    if (type === 'monster') return platform === 'discord' ? ['1', '2', '10', 'de-only', 'secret-admin'] : ['1'];
    if (type === 'raid' && platform === 'telegram') return ['1'];
    return [];
  },
};

export async function configHarness(o: ConfigHarnessOptions = {}): Promise<ConfigHarness> {
  const gameData = o.gameData ?? (await fixtureGameData());
  const config = configFromObject({ processor: { api_secret: CONFIG_SECRET }, ...(o.config ?? {}) }).config;
  const setup = await testPluginSetup({ gameData });
  const contributed = [invasionPlugin(setup), questPlugin(setup)].flatMap((plugin) => plugin.apiRoutes ?? []);
  const app = await createHttpServer(
    { ipWhitelist: [], ipBlacklist: [], apiSecret: CONFIG_SECRET, bodyLimitBytes: 1024 * 1024, log: captureLog().log },
    [],
    [
      configApiRoutes({
        config,
        gameData: () => gameData,
        alertTypes: () => o.alertTypes ?? ['monster', 'raid', 'egg'],
        platformPrefixes: () => ({ discord: '!', telegram: '/' }),
        templatePlatforms: () => ['discord', 'telegram'],
        templates: o.templates ?? FAKE_TEMPLATES,
        version: '9.9.9',
        disableSwitches: bundledPluginConfigs().flatMap((p) => p.config.disableSwitches),
        clientConfig: BUNDLED_CLIENT_CONFIG,
      }),
      pluginApiRoutes(contributed, { reloadState: async () => true, log: silentLogger() }),
    ],
  );
  return {
    app,
    get: (url, secret = CONFIG_SECRET) => app.inject({ method: 'GET', url, headers: secret === null ? {} : { 'x-service-secret': secret } }),
  };
}
