/**
 * Loads every `[geofence] paths` entry: local files (relative to rootDir) and http(s) sources. One broken entry
 * is reported (and logged) without stopping the others. When the default file is absent the bundled example
 * is used instead.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { normalize, resolve } from 'node:path';
import { describeError, LookoutError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import { makeFence, type Fence } from './fence.ts';
import { parseGeofenceText } from './formats/document.ts';
import type { ParsedFile } from './formats/parsed.ts';
import { displayUrl, isRemoteEntry, readRemote } from './remote.ts';

export const DEFAULT_GEOFENCE_PATH = 'geofences/geofence.json';
export const FALLBACK_GEOFENCE_PATH = 'fallbacks/geofence.json';

export interface GeofenceLoadOptions {
  readonly rootDir: string;
  readonly paths: readonly string[];
  readonly defaultName: string;
  readonly remote: { readonly bearerToken: string; readonly cacheDir: string };
  readonly log: Logger;
  /** used when the default entry is absent; relative to rootDir (default `fallbacks/geofence.json`) */
  readonly fallbackFile?: string;
}

export interface LoadResult {
  /** in `paths` order, then file order */
  readonly fences: readonly Fence[];
  /** one per entry that failed and one per fence that was dropped; all already logged */
  readonly errors: readonly LookoutError[];
}

interface EntryResult {
  readonly fences: Fence[];
  readonly errors: LookoutError[];
}

function localFile(entry: string, o: GeofenceLoadOptions): string {
  const file = resolve(o.rootDir, entry);
  if (existsSync(file) || normalize(entry) !== normalize(DEFAULT_GEOFENCE_PATH)) return file;
  const fallback = resolve(o.rootDir, o.fallbackFile ?? FALLBACK_GEOFENCE_PATH);
  o.log.info({ missing: file, fallback }, 'no geofence file; using the bundled example');
  return fallback;
}

async function readLocal(entry: string, o: GeofenceLoadOptions): Promise<ParsedFile> {
  const file = localFile(entry, o);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    throw new LookoutError(missing ? 'CONFIG_MISSING' : 'CONFIG_INVALID', `geofence file ${file} ${missing ? 'does not exist' : `cannot be read: ${describeError(err)}`}`, { file, entry });
  }
  try {
    return parseGeofenceText(text);
  } catch (err) {
    throw new LookoutError('CONFIG_INVALID', `geofence file ${file} ${describeError(err)}`, { file, entry });
  }
}

async function readEntry(entry: string, o: GeofenceLoadOptions): Promise<ParsedFile> {
  if (!isRemoteEntry(entry)) return readLocal(entry, o);
  const cacheDir = resolve(o.rootDir, o.remote.cacheDir);
  const result = await readRemote(entry.trim(), parseGeofenceText, { bearerToken: o.remote.bearerToken, cacheDir, log: o.log });
  return result.value;
}

async function loadEntry(entry: string, o: GeofenceLoadOptions): Promise<EntryResult> {
  const shown = isRemoteEntry(entry) ? displayUrl(entry.trim()) : entry;
  let parsed: ParsedFile;
  try {
    parsed = await readEntry(entry, o);
  } catch (err) {
    const error = err instanceof LookoutError ? err : new LookoutError('CONFIG_INVALID', `geofence entry ${shown}: ${describeError(err)}`, { entry: shown });
    o.log.error({ entry: shown, code: error.code, reason: error.message }, 'geofence entry not loaded');
    return { fences: [], errors: [error] };
  }
  const errors = parsed.problems.map((problem) => new LookoutError('CONFIG_INVALID', `geofence entry ${shown}: ${problem}`, { entry: shown }));
  for (const error of errors) o.log.error({ entry: shown, reason: error.message }, 'geofence dropped');
  for (const note of parsed.skipped) o.log.warn({ entry: shown, reason: note }, 'geofence feature skipped');
  const fences = parsed.drafts.map((draft) => makeFence(draft, { defaultName: o.defaultName, source: shown }));
  o.log.verbose({ entry: shown, format: parsed.format, fences: fences.length }, 'geofence entry loaded');
  return { fences, errors };
}

function warnDuplicateNames(fences: readonly Fence[], log: Logger): void {
  const seen = new Map<string, Fence>();
  for (const fence of fences) {
    const key = fence.name.toLowerCase();
    const first = seen.get(key);
    if (first) log.warn({ name: fence.name, first: first.source, again: fence.source }, 'two geofences share a name; lookups by name use the first');
    else seen.set(key, fence);
  }
}

/** Loads all entries (in parallel, results in `paths` order). Never throws for a bad entry. */
export async function loadGeofences(o: GeofenceLoadOptions): Promise<LoadResult> {
  const results = await Promise.all(o.paths.map((entry) => loadEntry(entry, o)));
  const fences = results.flatMap((r) => r.fences);
  const errors = results.flatMap((r) => r.errors);
  warnDuplicateNames(fences, o.log);
  if (fences.length === 0 && errors.length > 0) o.log.error({ entries: o.paths.length, errors: errors.length }, 'no geofence loaded; the geofence set is empty');
  else if (fences.length === 0) o.log.warn({ entries: o.paths.length }, 'the geofence files hold no fences; the geofence set is empty');
  else o.log.info({ fences: fences.length, entries: o.paths.length, errors: errors.length }, 'geofences loaded');
  return { fences, errors };
}
