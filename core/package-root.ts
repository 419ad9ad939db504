/**
 * Where the installation is: the nearest folder at or above a module that holds package.json. The same whether the
 * service runs from the sources (core/…) or compiled (dist/core/…), so config/, fallbacks/, resources/ and .cache/
 * are always found beside package.json, never under dist/.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LookoutError } from './errors.ts';

/** The nearest folder at or above `start` (a folder path or a module's `import.meta.url`) holding package.json. */
export function findRepoRoot(start: string): string {
  const from = start.startsWith('file:') ? dirname(fileURLToPath(start)) : start;
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new LookoutError('INTERNAL', `no package.json found at or above ${from}`);
  }
}

/** The installation's root folder (where package.json, config/ and fallbacks/ are). */
export const PACKAGE_ROOT = findRepoRoot(import.meta.url);
