#!/usr/bin/env node
/**
 * Builds and starts the compiled service (plain JavaScript: it runs before anything is compiled).
 *
 *   node core/launch.mjs build   compile core/, plugins/ and platforms/ into dist/ (tsc), copy their other files
 *                                (fallbacks, test data, the studio page) beside the compiled code, and stamp the build
 *   node core/launch.mjs start   start dist/core/main.js, compiling first when dist/ is missing or older than a
 *                                source (a plugin folder dropped into plugins/ counts); without TypeScript installed
 *                                (npm ci --omit=dev) a stale build falls back to running the sources through tsx
 *
 * `npm ci` / `npm install` build through the `prepare` script, so the first `npm start` starts at once.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const STAMP = join(DIST, '.build-info.json');
const SOURCE_DIRS = ['core', 'plugins', 'platforms'];
/** files outside the source folders that change what is compiled */
const BUILD_INPUTS = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

/** What is never part of a build: tests and test-only folders. */
function excluded(relativePath) {
  return /(^|\/)test(\/|$)/.test(relativePath) || /\.test\.[cm]?[jt]s$/.test(relativePath) || relativePath.split('/').some((part) => part === 'node_modules' || part.startsWith('.'));
}

/** Every file of the source folders that goes into a build, as paths relative to the root. */
function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (excluded(path)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(path);
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(join(ROOT, dir))) walk(dir);
  return files;
}

function newestMtime(paths) {
  let newest = 0;
  for (const path of paths) {
    const full = join(ROOT, path);
    if (existsSync(full)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** Why dist/ must be built again, or null when it is current. */
export function staleReason() {
  if (!existsSync(STAMP)) return 'no build yet';
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return 'the build stamp is unreadable';
  }
  const files = sourceFiles();
  if (stamp.files !== files.length) return 'source files were added or removed';
  if (newestMtime([...files, ...BUILD_INPUTS]) > stamp.builtAt) return 'sources changed since the last build';
  return null;
}

function typescriptCompiler() {
  try {
    return createRequire(join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    return null;
  }
}

/** Compiles into dist/ and copies the other files; answers whether it built. */
export function build({ quiet = false } = {}) {
  const tsc = typescriptCompiler();
  if (!tsc) {
    process.stderr.write('lookout build: TypeScript is not installed (npm ci --omit=dev?); npm start will run the sources through tsx\n');
    return false;
  }
  const startedAt = Date.now();
  rmSync(DIST, { recursive: true, force: true });
  const compiled = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
  if (compiled.status !== 0) throw new Error(`tsc failed (exit ${compiled.status ?? compiled.signal})`);
  const files = sourceFiles();
  let copied = 0;
  for (const path of files) {
    if (/\.[cm]?ts$/.test(path)) continue;
    const target = join(DIST, path);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(ROOT, path), target);
    copied++;
  }
  writeFileSync(STAMP, JSON.stringify({ builtAt: startedAt, files: files.length }) + '\n');
  if (!quiet) process.stdout.write(`lookout build: dist/ compiled in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (${copied} other files copied)\n`);
  return true;
}

async function start() {
  const reason = staleReason();
  if (reason !== null) {
    process.stdout.write(`lookout: compiling first (${reason})\n`);
    if (!build()) {
      await import('tsx/esm/api').then((tsx) => tsx.register());
      await import(pathToFileURL(join(ROOT, 'core', 'main.ts')).href);
      return;
    }
  }
  await import(pathToFileURL(join(DIST, 'core', 'main.js')).href);
}

const command = process.argv[2];
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    if (command === 'build') build();
    else if (command === 'start') await start();
    else {
      process.stderr.write('usage: node core/launch.mjs build|start\n');
      process.exitCode = 2;
    }
  } catch (err) {
    process.stderr.write(`lookout ${command}: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
