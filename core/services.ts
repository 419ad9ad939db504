/**
 * Core services the plugins read (geofences, game data, icons, the weather per cell and its forecast, the shiny
 * rates, the scanner database), loaded before any plugin is built, except the game data: it downloads once the
 * plugins are registered, with their game-data sources (`services.gameData()` answers GameData.empty() until then);
 * sources that change during the week are downloaded again every `[resources] refresh_hours` and the game data
 * rebuilt from the cache. The scanner database is opened only when a feature reads it, and probed in the background
 * (core/scanner-db/open.ts).
 */
import { ServiceTextSlot } from './service-texts.ts';
import type { Config } from './config/index.ts';
import type { CoreServices } from './contract.ts';
import { describeError } from './errors.ts';
import { downloadSources } from './gamedata/download.ts';
import { GameData, loadGameData } from './gamedata/index.ts';
import { sourceDownloads, type GameDataSource } from './gamedata/source.ts';
import { GeofenceStore, WeatherCellStore } from './geo/index.ts';
import { ShinyRateStore } from './enrich/shiny-rates.ts';
import { createIcons, type Icons } from './icons/index.ts';
import type { Logger } from './log/logger.ts';
import type { Metrics } from './metrics/metrics.ts';
import { externalCallTimer, UNTIMED } from './metrics/external-call.ts';
import { openScannerDb } from './scanner-db/index.ts';
import { ForecastSlot } from './weather-forecast/index.ts';

export interface LoadedServices {
  readonly services: CoreServices;
  readonly geofences: GeofenceStore;
  /** downloads (or reads the cache of) the game data with the plugins' sources; an injected GameData is kept as it is */
  loadGameData(sources: readonly GameDataSource[]): Promise<void>;
  /** stops what was started here (the icon index refresh, the scanner database pool); injected services are the injector's to stop */
  stop(): Promise<void>;
}

/** The languages whose translations are downloaded: the default locale, the alt language and every configured one. */
export function configuredLanguages(config: Config): string[] {
  return [...new Set(['en', config.general.locale, config.locale.language, ...Object.keys(config.general.available_languages)])];
}

/** The icon indexes download in the background: nothing waits for them (and tests run without internet). */
function startIcons(config: Config, log: Logger): { iconSet: Icons; stopIcons: () => void } {
  const service = createIcons({
    img: config.general.img_url,
    alt: config.general.img_url_alt,
    sticker: config.general.sticker_url,
    log: log.child({ part: 'icons' }),
  });
  service.start();
  return { iconSet: service, stopIcons: () => service.stop() };
}

export async function loadServices(config: Config, rootDir: string, log: Logger, gameData?: GameData, icons?: Icons, metrics?: Metrics): Promise<LoadedServices> {
  const geofences = new GeofenceStore({
    rootDir,
    paths: config.geofence.paths,
    defaultName: config.geofence.default_name,
    remote: { bearerToken: config.geofence.remote_source.bearer_token, cacheDir: config.geofence.remote_source.cache_dir },
    log: log.child({ part: 'geofence' }),
  });
  const outcome = await geofences.start();
  log.info({ fences: geofences.current.fences.length, errors: outcome.errors.length }, 'geofences loaded');
  let data = gameData ?? GameData.empty();
  let refresh: NodeJS.Timeout | null = null;
  const gameDataLog = log.child({ part: 'gamedata' });
  const options = (sources: readonly GameDataSource[], offline: boolean) => ({
    rootDir,
    masterfileUrl: config.resources.masterfile_url,
    sources: sourceDownloads(sources, config),
    localesUrl: config.resources.locales_url,
    languages: configuredLanguages(config),
    log: gameDataLog,
    offline,
  });
  const load = async (sources: readonly GameDataSource[]): Promise<void> => {
    if (gameData) return;
    data = await loadGameData(options(sources, false));
    const refreshing = sourceDownloads(sources, config).filter((s) => s.refreshes);
    if (refreshing.length === 0 || config.resources.refresh_hours === 0) return;
    // the files that change during the week are downloaded again; the game data is rebuilt from the cache
    refresh = setInterval(() => {
      void (async () => {
        if (await downloadSources(rootDir, refreshing, gameDataLog)) data = await loadGameData(options(sources, true));
      })().catch((err: unknown) => gameDataLog.warn({ reason: describeError(err) }, 'game data: refresh failed; the previous data stays in use'));
    }, config.resources.refresh_hours * 3_600_000);
    refresh.unref();
  };
  const { iconSet, stopIcons } = icons ? { iconSet: icons, stopIcons: () => {} } : startIcons(config, log);
  const weatherCells = new WeatherCellStore();
  const shinyRates = new ShinyRateStore();
  const scannerDb = openScannerDb(config, log, metrics);
  const weatherForecast = new ForecastSlot();
  const texts = new ServiceTextSlot();
  const externalCalls = metrics ? externalCallTimer(metrics) : UNTIMED;
  return {
    geofences,
    services: { gameData: () => data, geofences: () => geofences.current, icons: () => iconSet, weatherCells: () => weatherCells, shinyRates: () => shinyRates, scannerDb: () => scannerDb, weatherForecast: () => weatherForecast, texts: () => texts, externalCalls: () => externalCalls },
    loadGameData: load,
    async stop() {
      if (refresh) clearInterval(refresh);
      stopIcons();
      await scannerDb.stop();
    },
  };
}
