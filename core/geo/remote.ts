/**
 * Geofences served over HTTP(S) (for example by a geofence editor such as Koji). A source is fetched with the
 * configured bearer token and its last good answer cached on disk; when the fetch fails the cached copy is
 * used (with a warning), so a source that is down does not take its areas away.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describeError, LookoutError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';

export interface RemoteOptions {
  readonly bearerToken: string;
  /** absolute directory holding the cached copies */
  readonly cacheDir: string;
  readonly log: Logger;
  readonly timeoutMs?: number;
}

export interface RemoteResult<T> {
  readonly value: T;
  readonly from: 'network' | 'cache';
}

const DEFAULT_TIMEOUT_MS = 15_000;

export function isRemoteEntry(entry: string): boolean {
  return /^https?:\/\//i.test(entry.trim());
}

/** The URL without user:password, for logs and messages. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}

/** One cache file per URL: a readable host prefix plus a hash of the whole URL. */
export function cacheFileFor(url: string, cacheDir: string): string {
  let host = 'remote';
  try {
    host = new URL(url).hostname.replace(/[^a-z0-9.-]/gi, '_') || host;
  } catch {
    // keep the generic prefix
  }
  const digest = createHash('sha256').update(url).digest('hex').slice(0, 16);
  return join(cacheDir, `${host}-${digest}.json`);
}

async function download(url: string, o: RemoteOptions): Promise<string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (o.bearerToken !== '') headers.authorization = `Bearer ${o.bearerToken}`;
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(o.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
  return response.text();
}

async function writeCache(file: string, text: string, o: RemoteOptions): Promise<void> {
  try {
    await mkdir(o.cacheDir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, file);
  } catch (err) {
    o.log.warn({ file, err: describeError(err) }, 'could not write the geofence cache');
  }
}

async function readCache(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

function fromCache<T>(url: string, file: string, text: string, parse: (text: string) => T): T {
  try {
    return parse(text);
  } catch (err) {
    throw new LookoutError('CONFIG_INVALID', `cached copy ${file} of geofence source ${displayUrl(url)} ${describeError(err)}`, { url: displayUrl(url), file });
  }
}

/**
 * Fetches `url` and parses it; a good answer refreshes the cache. When the fetch or the parse fails the cached
 * copy is parsed instead. Throws a LookoutError when neither works.
 */
export async function readRemote<T>(url: string, parse: (text: string) => T, o: RemoteOptions): Promise<RemoteResult<T>> {
  const file = cacheFileFor(url, o.cacheDir);
  const shown = displayUrl(url);
  let reason: string;
  try {
    const text = await download(url, o);
    const value = parse(text);
    await writeCache(file, text, o);
    return { value, from: 'network' };
  } catch (err) {
    reason = describeError(err);
  }
  const cached = await readCache(file);
  if (cached === null) {
    throw new LookoutError('UNAVAILABLE', `geofence source ${shown} failed (${reason}) and has no cached copy`, { url: shown, cache: file });
  }
  o.log.warn({ url: shown, cache: file, reason }, 'geofence source failed; using the cached copy');
  return { value: fromCache(url, file, cached, parse), from: 'cache' };
}
