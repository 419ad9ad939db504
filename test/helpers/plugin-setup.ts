/**
 * What an alert plugin is built with in unit tests: the fixture game data (loaded once), an empty geofence
 * store, icons from unreachable UICONS bases (never started, so the standard names) and the given config.
 */
import type { PluginSetup } from '../../core/contract.ts';
import { configFromObject } from './config.ts';
import type { GameData } from '../../core/gamedata/game-data.ts';
import { gameDataFromFiles } from '../../core/gamedata/load.ts';
import { GeofenceStore, type WeatherCells } from '../../core/geo/index.ts';
import { createIcons } from '../../core/icons/index.ts';
import type { ShinyRates } from '../../core/enrich/shiny-rates.ts';
import { silentLogger } from '../../core/log/logger.ts';
import type { ForecastBoard } from '../../core/weather-forecast/index.ts';
import { FIXTURES, REPO_ROOT } from '../core/gamedata/support.ts';

let fixtureData: GameData | undefined;

export async function fixtureGameData(): Promise<GameData> {
  fixtureData ??= await gameDataFromFiles(FIXTURES);
  return fixtureData;
}

export interface TestSetupOptions {
  readonly config?: Record<string, unknown>;
  /** default: the fixture game data */
  readonly gameData?: GameData;
  /** the image UICONS base ([general] img_url); '' = none; default https://icons.invalid/uicons */
  readonly img?: string;
  /** also a sticker UICONS base (Telegram stickers) */
  readonly stickers?: boolean;
  /** also an alt UICONS base ([general] img_url_alt: https://alt.invalid/uicons) */
  readonly alt?: boolean;
  /** the core's weather per cell */
  readonly weatherCells?: WeatherCells;
  /** the core's shiny rates per species */
  readonly shinyRates?: ShinyRates;
  /** the core's forecast board (services.weatherForecast) */
  readonly weatherForecast?: ForecastBoard;
  /** default: the repository root */
  readonly rootDir?: string;
}

export async function testPluginSetup(o: TestSetupOptions = {}): Promise<PluginSetup> {
  const gameData = o.gameData ?? (await fixtureGameData());
  const geofences = new GeofenceStore({ rootDir: REPO_ROOT, paths: [], defaultName: 'city', remote: { bearerToken: '', cacheDir: '' }, log: silentLogger() });
  const icons = createIcons({ img: o.img ?? 'https://icons.invalid/uicons', alt: o.alt ? 'https://alt.invalid/uicons' : '', sticker: o.stickers ? 'https://stickers.invalid/uicons' : '', log: silentLogger() });
  const weatherCells = o.weatherCells;
  const shinyRates = o.shinyRates;
  return {
    config: configFromObject(o.config ?? {}).config,
    rootDir: o.rootDir ?? REPO_ROOT,
    log: silentLogger(),
    services: { gameData: () => gameData, geofences: () => geofences.current, icons: () => icons, ...(weatherCells ? { weatherCells: () => weatherCells } : {}), ...(shinyRates ? { shinyRates: () => shinyRates } : {}), ...(o.weatherForecast ? { weatherForecast: () => o.weatherForecast! } : {}) },
  };
}
