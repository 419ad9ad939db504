/** Shared setup for the geofence tests: fixture paths, temporary root dirs, load options. */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GeofenceLoadOptions } from '../../../core/geo/load.ts';
import { silentLogger, type Logger } from '../../../core/log/logger.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const FIXTURES = join(REPO_ROOT, 'test/fixtures/geo');

export function options(paths: string[], overrides: Partial<GeofenceLoadOptions> = {}): GeofenceLoadOptions {
  return {
    rootDir: FIXTURES,
    paths,
    defaultName: 'city',
    remote: { bearerToken: '', cacheDir: '.cache/geofences' },
    log: silentLogger(),
    ...overrides,
  };
}

export interface TempRoot {
  readonly dir: string;
  cleanup(): void;
}

/** A temporary root dir, optionally seeded with fixture files. */
export function tempRoot(seed: string[] = []): TempRoot {
  const dir = mkdtempSync(join(tmpdir(), 'lookout-geo-'));
  for (const name of seed) cpSync(join(FIXTURES, name), join(dir, name));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function withLog(o: GeofenceLoadOptions, log: Logger): GeofenceLoadOptions {
  return { ...o, log };
}
