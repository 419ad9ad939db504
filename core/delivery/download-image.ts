/**
 * Downloads an image a platform uploads instead of handing its URL on (Discord's `upload_embed_images`, Telegram's
 * `upload_images`): one GET with a timeout and a size bound; anything but a 200 with bytes is a typed UNAVAILABLE
 * error naming the URL (without its query), so the caller can fall back to the URL and say why.
 */
import { LookoutError } from '../errors.ts';

export type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;

export interface DownloadedImage {
  readonly bytes: Uint8Array;
  /** the answer's content type without parameters, lower case ('' when none) */
  readonly contentType: string;
}

export interface DownloadOptions {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly fetchFn?: FetchFn;
}

/** Discord and Telegram accept uploads far larger; a static map or an icon is a few hundred kB. */
export const DEFAULT_IMAGE_TIMEOUT_MS = 10_000;
export const DEFAULT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

function shown(url: string): string {
  const q = url.search(/[?#]/);
  return q === -1 ? url : url.slice(0, q);
}

function failure(url: string, detail: string, cause?: unknown): LookoutError {
  return new LookoutError('UNAVAILABLE', `image download: ${detail}`, { url: shown(url) }, cause === undefined ? undefined : { cause });
}

async function readBounded(res: Response, url: string, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw failure(url, `the image has ${declared} bytes, more than ${maxBytes}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.length > maxBytes) throw failure(url, `the image has ${bytes.length} bytes, more than ${maxBytes}`);
  if (bytes.length === 0) throw failure(url, 'the answer has no bytes');
  return bytes;
}

export async function downloadImage(url: string, options: DownloadOptions): Promise<DownloadedImage> {
  if (!/^https?:\/\//i.test(url)) throw failure(url, 'not an http(s) URL');
  const fetchFn = options.fetchFn ?? fetch;
  let res: Response;
  try {
    res = await fetchFn(url, { signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    throw failure(url, timedOut ? `no answer within ${options.timeoutMs} ms` : err instanceof Error ? err.message : String(err), err);
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => undefined);
    throw failure(url, `answered HTTP ${res.status}`);
  }
  let bytes: Uint8Array;
  try {
    bytes = await readBounded(res, url, options.maxBytes);
  } catch (err) {
    if (err instanceof LookoutError) throw err;
    throw failure(url, `the answer could not be read: ${err instanceof Error ? err.message : String(err)}`, err);
  }
  const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return { bytes, contentType };
}

const EXTENSIONS: Readonly<Record<string, string>> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** A file name for the upload: `base` with the extension of the content type (png when unknown). */
export function imageFileName(base: string, contentType: string): string {
  return `${base}.${EXTENSIONS[contentType] ?? 'png'}`;
}
