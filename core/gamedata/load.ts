/**
 * Game data at start: download (or keep the cache), then read resources/ and build GameData. Network trouble
 * never stops the start: without a masterfile the service runs with id fallbacks ("Pokemon 25") and says so.
 * Broken override files (config/pokemonAlias.json, config/emoji.json) are configuration errors and do throw.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { silentLogger, type Logger } from '../log/logger.ts';
import { loadAliases } from './aliases.ts';
import { downloadResources, type DownloadOptions } from './download.ts';
import { loadEmoji } from './emoji.ts';
import { buildGameData, type GameData } from './game-data.ts';
import { readJson } from './json-file.ts';
import { stringRecordOf } from './json-read.ts';
import { looksLikeMasterfile } from './masterfile.ts';
import { LOCALES_DIR, LOCALES_INDEX_FILE, MASTERFILE_FILE, looksLikeLocale, resourcePaths, wantedLanguages, RESOURCES_DIR } from './resource-files.ts';
import type { GameDataFile } from './source.ts';
import type { LocaleTable } from './translations.ts';
import { PACKAGE_ROOT } from '../package-root.ts';

/** The bundled fallbacks/ of this checkout (pokemonAlias.json, emoji.json). */
export const BUNDLED_FALLBACKS_DIR = join(PACKAGE_ROOT, 'fallbacks');

export interface FromFilesOptions {
  readonly log?: Logger;
  /** languages to read (English is always added); default: every locales/*.json present */
  readonly languages?: readonly string[];
  /** where the bundled pokemonAlias.json / emoji.json are; default the checkout's fallbacks/ */
  readonly fallbacksDir?: string;
  /** where operator overrides are; null = none (default) */
  readonly configDir?: string | null;
  /** the plugins' game-data files to read (`<name>.json`, checked); default every other `*.json` in the directory, unchecked */
  readonly files?: readonly GameDataFile[];
}

export interface LoadGameDataOptions extends DownloadOptions {
  /** true: do not download, use what resources/ holds */
  readonly offline?: boolean;
  /** default `<rootDir>/fallbacks` */
  readonly fallbacksDir?: string;
  /** default `<rootDir>/config` */
  readonly configDir?: string | null;
}

async function readPart(path: string, name: string, valid: (v: unknown) => boolean, log: Logger): Promise<unknown> {
  const read = await readJson(path);
  if (!read.ok) {
    if (!read.missing) log.warn({ file: path, err: read.reason }, `game data: cached ${name} is unreadable (${read.reason}); ignoring it`);
    return undefined;
  }
  if (valid(read.value)) return read.value;
  log.warn({ file: path }, `game data: cached ${name} does not look like game data; ignoring it`);
  return undefined;
}

/** The names (without `.json`) of a directory's JSON files other than `except`; none when it cannot be read. */
async function jsonFileNames(dir: string, except: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => f.endsWith('.json') && f !== except).map((f) => f.slice(0, -'.json'.length));
  } catch {
    return [];
  }
}

function presentLanguages(dir: string): Promise<string[]> {
  return jsonFileNames(join(dir, LOCALES_DIR), LOCALES_INDEX_FILE);
}

async function readLocales(dir: string, languages: readonly string[], log: Logger): Promise<Record<string, LocaleTable>> {
  const paths = resourcePaths(dir);
  const locales: Record<string, LocaleTable> = {};
  for (const lang of languages) {
    const raw = await readPart(paths.locale(lang), `locales/${lang}`, looksLikeLocale, log);
    if (raw !== undefined) locales[lang] = stringRecordOf(raw);
  }
  return locales;
}

/** The JSON files of the directory other than the masterfile, as unchecked game-data files. */
async function presentFiles(dir: string): Promise<GameDataFile[]> {
  return (await jsonFileNames(dir, MASTERFILE_FILE)).sort().map((name) => ({ name, looksValid: () => true }));
}

async function readFiles(dir: string, files: readonly GameDataFile[], log: Logger): Promise<Record<string, unknown>> {
  const paths = resourcePaths(dir);
  const read: Record<string, unknown> = {};
  for (const file of files) {
    const raw = await readPart(paths.source(file.name), file.name, (v) => file.looksValid(v), log);
    if (raw !== undefined) read[file.name] = raw;
    else if (file.whenMissing) log.warn({ file: file.name }, `game data: no ${file.name} available; ${file.whenMissing}`);
  }
  return read;
}

/** Builds GameData from a directory laid out like resources/ (masterfile.json, the plugins' `<name>.json`, locales/). */
export async function gameDataFromFiles(dir: string, options: FromFilesOptions = {}): Promise<GameData> {
  const log = options.log ?? silentLogger();
  const paths = resourcePaths(dir);
  const languages = wantedLanguages(options.languages ?? (await presentLanguages(dir))).valid;
  const fallbacksDir = options.fallbacksDir ?? BUNDLED_FALLBACKS_DIR;
  const configDir = options.configDir ?? null;
  const data = buildGameData({
    masterfile: await readPart(paths.masterfile, 'masterfile', looksLikeMasterfile, log),
    files: await readFiles(dir, options.files ?? (await presentFiles(dir)), log),
    locales: await readLocales(dir, languages, log),
    aliases: await loadAliases(fallbacksDir, configDir),
    emoji: await loadEmoji(fallbacksDir, configDir),
  });
  reportLoaded(data, log);
  return data;
}

function reportLoaded(data: GameData, log: Logger): void {
  const { sources } = data;
  if (!sources.masterfile) {
    log.warn('game data: no masterfile downloaded or cached; starting without it — names fall back to ids ("Pokemon 25", "Move 14")');
  }
  if (!sources.languages.includes('en')) log.warn('game data: no English translations available; untranslated names are used');
  log.info({ masterfile: sources.masterfile, files: sources.files, languages: sources.languages }, 'game data: loaded');
}

/** Download (unless offline), then build from `<rootDir>/resources`. Throws only for broken override files. */
export async function loadGameData(options: LoadGameDataOptions): Promise<GameData> {
  if (!options.offline) await downloadResources(options);
  return gameDataFromFiles(join(options.rootDir, RESOURCES_DIR), {
    log: options.log,
    files: options.sources,
    languages: options.languages,
    fallbacksDir: options.fallbacksDir ?? join(options.rootDir, 'fallbacks'),
    configDir: options.configDir === undefined ? join(options.rootDir, 'config') : options.configDir,
  });
}
