/**
 * Fetch one game data file into the cache: download, check it is the JSON we expect, then replace the cached
 * copy atomically. Any failure keeps the cached copy and is reported, never thrown.
 */
import { access } from 'node:fs/promises';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import { writeAtomic } from './json-file.ts';
import type { DownloadProgress } from './download-progress.ts';

export type DownloadOutcome = 'downloaded' | 'cached' | 'missing';

export interface ResourceSpec {
  /** short name for logs: "masterfile", "invasions", "locales/de" */
  readonly name: string;
  readonly url: string;
  readonly path: string;
  /** true when the parsed content has the expected shape */
  readonly validate: (value: unknown) => boolean;
}

export interface DownloadResult {
  readonly name: string;
  readonly url: string;
  readonly path: string;
  readonly outcome: DownloadOutcome;
  /** why the download failed (outcome cached or missing) */
  readonly error?: string;
}

export async function fileExists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** The body as text, its progress reported as it arrives. */
async function bodyText(res: Response, file: string, progress: DownloadProgress | undefined): Promise<string> {
  if (!progress || !res.body) return res.text();
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for await (const chunk of res.body) {
      chunks.push(chunk);
      received += chunk.byteLength;
      progress.update(file, received, total);
    }
  } finally {
    progress.finish(file);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function download(spec: ResourceSpec, timeoutMs: number, progress: DownloadProgress | undefined): Promise<string> {
  const res = await fetch(spec.url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
  }
  const text = await bodyText(res, spec.name, progress);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new Error(`not JSON: ${describeError(err)}`);
  }
  if (!spec.validate(value)) throw new Error('unexpected content (not the expected game data shape)');
  return text;
}

function reason(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${describeError(err)}${cause}`;
}

export async function fetchResource(spec: ResourceSpec, log: Logger, timeoutMs: number, progress?: DownloadProgress): Promise<DownloadResult> {
  const started = Date.now();
  const base = { name: spec.name, url: spec.url, path: spec.path };
  try {
    const text = await download(spec, timeoutMs, progress);
    await writeAtomic(spec.path, text);
    log.info({ file: spec.name, url: spec.url, bytes: Buffer.byteLength(text), ms: Date.now() - started }, `game data: downloaded ${spec.name}`);
    return { ...base, outcome: 'downloaded' };
  } catch (err) {
    const error = reason(err);
    const cached = await fileExists(spec.path);
    if (cached) log.warn({ file: spec.name, url: spec.url, err: error }, `game data: could not download ${spec.name} (${error}); keeping the cached copy`);
    else log.warn({ file: spec.name, url: spec.url, err: error }, `game data: could not download ${spec.name} (${error}) and there is no cached copy`);
    return { ...base, outcome: cached ? 'cached' : 'missing', error };
  }
}
