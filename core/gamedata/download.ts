/**
 * Start-up download of the game data into `<rootDir>/resources/`: the masterfile, the plugins' game-data
 * sources (`<name>.json`, e.g. the invasion lineups), the translations index and one locale file per wanted
 * language (English always). Files download in parallel;
 * each failure keeps that file's cached copy. Never throws: without network and cache the service still starts.
 */
import { join } from 'node:path';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import { fetchResource, fileExists, type DownloadResult, type ResourceSpec } from './fetch-resource.ts';
import { readJson } from './json-file.ts';
import { looksLikeMasterfile } from './masterfile.ts';
import type { SourceDownload } from './source.ts';
import { languagesOfIndex, looksLikeLocale, resourcePaths, wantedLanguages, RESOURCES_DIR, type ResourcePaths } from './resource-files.ts';
import { downloadProgress, type DownloadProgress } from './download-progress.ts';

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface DownloadOptions {
  readonly rootDir: string;
  readonly masterfileUrl: string;
  /** the plugins' game-data sources (see GameDataSource), downloaded after the masterfile */
  readonly sources: readonly SourceDownload[];
  /** base URL holding index.json and <lang>.json */
  readonly localesUrl: string;
  /** languages to fetch besides English */
  readonly languages: readonly string[];
  readonly log: Logger;
  /** per file; default 30 s */
  readonly timeoutMs?: number;
  /** where the download progress goes; default a line on stderr when it is a terminal, else log lines (download-progress.ts) */
  readonly progress?: DownloadProgress;
}

export interface DownloadReport {
  readonly results: readonly DownloadResult[];
  /** wanted languages that have a file now (downloaded or cached) */
  readonly languages: readonly string[];
}

function localeUrl(base: string, file: string): string {
  return `${base.replace(/\/+$/, '')}/${file}`;
}

/** The wanted languages the index publishes; all of them when the index is unavailable. */
async function publishedLanguages(paths: ResourcePaths, wanted: readonly string[], log: Logger): Promise<readonly string[]> {
  const read = await readJson(paths.localesIndex);
  const published = read.ok ? languagesOfIndex(read.value) : null;
  if (!published) return wanted;
  const missing = wanted.filter((l) => !published.includes(l));
  if (missing.length > 0) log.warn({ languages: missing }, `game data: no translations published for ${missing.join(', ')}; English is used for them`);
  return wanted.filter((l) => published.includes(l));
}

function coreSpecs(options: DownloadOptions, paths: ResourcePaths): ResourceSpec[] {
  return [
    { name: 'masterfile', url: options.masterfileUrl, path: paths.masterfile, validate: looksLikeMasterfile },
    ...options.sources.map((source) => ({ name: source.name, url: source.url, path: paths.source(source.name), validate: (raw: unknown) => source.looksValid(raw) })),
    { name: 'locales/index', url: localeUrl(options.localesUrl, 'index.json'), path: paths.localesIndex, validate: (v) => languagesOfIndex(v) !== null },
  ];
}

async function downloadAll(options: DownloadOptions, paths: ResourcePaths): Promise<DownloadReport> {
  const { log } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { valid, invalid } = wantedLanguages(options.languages);
  if (invalid.length > 0) log.warn({ languages: invalid }, `game data: ignoring invalid language codes ${invalid.join(', ')}`);
  const progress = options.progress ?? downloadProgress(log, process.stderr.isTTY ? process.stderr : null);
  const core = await Promise.all(coreSpecs(options, paths).map((spec) => fetchResource(spec, log, timeoutMs, progress)));
  const languages = await publishedLanguages(paths, valid, log);
  const locales = await Promise.all(
    languages.map((lang) =>
      fetchResource({ name: `locales/${lang}`, url: localeUrl(options.localesUrl, `${lang}.json`), path: paths.locale(lang), validate: looksLikeLocale }, log, timeoutMs, progress),
    ),
  );
  const results = [...core, ...locales];
  const available: string[] = [];
  for (const lang of valid) if (await fileExists(paths.locale(lang))) available.push(lang);
  return { results, languages: available };
}

export async function downloadResources(options: DownloadOptions): Promise<DownloadReport> {
  const paths = resourcePaths(join(options.rootDir, RESOURCES_DIR));
  const started = Date.now();
  try {
    const report = await downloadAll(options, paths);
    const failed = report.results.filter((r) => r.outcome !== 'downloaded').map((r) => r.name);
    options.log.info({ ms: Date.now() - started, failed, languages: report.languages }, 'game data: download finished');
    return report;
  } catch (err) {
    options.log.warn({ err: describeError(err) }, `game data: download aborted (${describeError(err)}); using whatever is cached`);
    return { results: [], languages: [] };
  }
}

/**
 * Downloads only the given sources into the cache (the refresh of files that change during the week); each keeps
 * its cached copy when its download fails. Answers whether any was downloaded.
 */
export async function downloadSources(rootDir: string, sources: readonly SourceDownload[], log: Logger, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<boolean> {
  const paths = resourcePaths(join(rootDir, RESOURCES_DIR));
  const results = await Promise.all(sources.map((source) => fetchResource({ name: source.name, url: source.url, path: paths.source(source.name), validate: (raw: unknown) => source.looksValid(raw) }, log, timeoutMs)));
  return results.some((r) => r.outcome === 'downloaded');
}
