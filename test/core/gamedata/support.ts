/**
 * Shared paths and option builders for the game data tests.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DownloadOptions } from '../../../core/gamedata/download.ts';
import type { SourceDownload } from '../../../core/gamedata/source.ts';
import type { Logger } from '../../../core/log/logger.ts';
import { INVASIONS_SOURCE } from '../../../plugins/invasion/gamedata/grunts.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'gamedata');
export const SHARED_GAMEDATA = join(REPO_ROOT, '..', 'shared', 'gamedata');
export const BUNDLED_FALLBACKS = join(REPO_ROOT, 'fallbacks');

export function tempRoot(): string {
  return mkdtempSync(join(tmpdir(), 'lookout-gamedata-'));
}

/** The invasion plugin's game-data source, downloaded from `url` (a plugin source the core downloads with the rest). */
export function invasionsFrom(url: string): SourceDownload {
  return { name: INVASIONS_SOURCE.name, url, looksValid: (raw) => INVASIONS_SOURCE.looksValid(raw), whenMissing: INVASIONS_SOURCE.whenMissing };
}

/** Download options pointing at a server that serves the fixture layout (masterfile.json, invasions.json, locales/). */
export function fixtureUrls(baseUrl: string, rootDir: string, log: Logger, extra: Partial<DownloadOptions> = {}): DownloadOptions {
  return {
    rootDir,
    masterfileUrl: `${baseUrl}/masterfile.json`,
    sources: [invasionsFrom(`${baseUrl}/invasions.json`)],
    localesUrl: `${baseUrl}/locales`,
    languages: ['de'],
    log,
    timeoutMs: 5_000,
    ...extra,
  };
}
