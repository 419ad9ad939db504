/**
 * A game-data file a plugin contributes (AlertPlugin.gameDataSources): the core downloads it with the rest of
 * the game data (same start-up download, same cache under resources/, same keep-the-cached-copy rules) and
 * keeps the parsed file in GameData; the plugin reads its parsed form through `GameData.source(source)`.
 */
import type { Config } from '../config/index.ts';
import type { GameData } from './game-data.ts';

/** Where a source's file is cached: `resources/<name>.json`. */
export const SOURCE_NAME = /^[a-z][a-z0-9-]*$/;

/** What the downloader and the file reader need of a source. */
export interface GameDataFile {
  /** names the cache file (`resources/<name>.json`) and the log lines; lower-case letters, digits and `-` */
  readonly name: string;
  /** true when a downloaded or cached body is this file (anything else never replaces the cache and is ignored) */
  looksValid(raw: unknown): boolean;
  /** what the start-up log warns when the file is neither downloaded nor cached (what works less without it) */
  readonly whenMissing?: string;
  /** the file changes during the week: downloaded again every `[resources] refresh_hours` (the game data is rebuilt) */
  readonly refreshes?: boolean;
}

export interface GameDataSource<T = unknown> extends GameDataFile {
  /** where it is downloaded from (a failed download keeps the cached copy) */
  url(config: Config): string;
  /**
   * The plugin's view of the file, built once per GameData the first time it is asked for: `raw` is the file
   * (undefined when neither downloaded nor cached, or not valid), `data` the rest of the game data.
   */
  parse(raw: unknown, data: GameData): T;
}

/** A downloaded source as the downloader takes it: its file and the URL the config gives it. */
export interface SourceDownload extends GameDataFile {
  readonly url: string;
}

/** The sources' download specs for a config. */
export function sourceDownloads(sources: readonly GameDataSource[], config: Config): SourceDownload[] {
  return sources.map((source) => ({
    name: source.name,
    url: source.url(config),
    looksValid: (raw) => source.looksValid(raw),
    ...(source.whenMissing === undefined ? {} : { whenMissing: source.whenMissing }),
    ...(source.refreshes ? { refreshes: true } : {}),
  }));
}
