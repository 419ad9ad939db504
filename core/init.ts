/**
 * `npm run init`: writes config/config.toml from config/config.example.toml for the embedded default,
 * i.e. with `client = "sqlite"` under [database]. An existing config/config.toml is never touched.
 * Paths are resolved from the repo root (the folder holding package.json), never from the cwd.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import TOML from '@iarna/toml';
import { configFromObject } from './config/index.ts';
import { describeError, LookoutError } from './errors.ts';
import { PACKAGE_ROOT } from './package-root.ts';

export type InitOutcome = 'written' | 'exists';

export const CONFIG_FILE = join('config', 'config.toml');
export const EXAMPLE_FILE = join('config', 'config.example.toml');

/** The nearest folder at or above `start` that holds a package.json (also for tools and tests). */
export { findRepoRoot } from './package-root.ts';

/** The example text with `client = "mysql"` under [database] switched to "sqlite"; comments are kept. */
export function withSqliteClient(example: string): string {
  let section = '';
  let switched = 0;
  const lines = example.split('\n').map((line) => {
    const header = /^\s*\[([^\]]+)\]/.exec(line);
    if (header?.[1] !== undefined) section = header[1].trim();
    if (section !== 'database') return line;
    const client = /^(\s*client\s*=\s*)"mysql"/.exec(line);
    if (!client) return line;
    switched += 1;
    return line.replace(/"mysql"/, '"sqlite"');
  });
  if (switched !== 1) {
    throw new LookoutError('INTERNAL', `${EXAMPLE_FILE} must hold exactly one client = "mysql" line under [database]; found ${switched}`);
  }
  return lines.join('\n');
}

/** Writes config/config.toml under `rootDir` unless it exists. Returns what happened. */
export function initConfig(rootDir: string): InitOutcome {
  const target = join(rootDir, CONFIG_FILE);
  if (existsSync(target)) return 'exists';
  const text = withSqliteClient(readFileSync(join(rootDir, EXAMPLE_FILE), 'utf8'));
  const { config } = configFromObject(TOML.parse(text), target);
  if (config.database.client !== 'sqlite') throw new LookoutError('INTERNAL', `${target} would not select sqlite`);
  mkdirSync(dirname(target), { recursive: true });
  try {
    writeFileSync(target, text, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return 'exists';
    throw err;
  }
  return 'written';
}

function main(): void {
  const rootDir = PACKAGE_ROOT;
  try {
    const outcome = initConfig(rootDir);
    const shown = join(rootDir, CONFIG_FILE);
    if (outcome === 'exists') {
      process.stdout.write(`${shown} already exists; left unchanged.\n`);
    } else {
      process.stdout.write(`wrote ${shown} (database: SQLite). Edit it as needed, then run \`npm start\`.\n`);
    }
  } catch (err) {
    process.stderr.write(`lookout init: ${describeError(err)}\n`);
    process.exitCode = 1;
  }
}

const invokedPath = process.argv[1];
if (invokedPath !== undefined && import.meta.url === pathToFileURL(resolve(invokedPath)).href) main();
