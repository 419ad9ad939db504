/**
 * Downloads a static map image for the map endpoints' image answers, bounded in time (one deadline for the
 * answer and its body) and in size. An answer that is not a 200 image, too large, late or unreachable is an
 * UNAVAILABLE error naming what went wrong (the URL is logged without its query, which may hold a key).
 */
import { upstreamError, withoutSecrets } from '../enrich/http.ts';
import { isLookoutError } from '../errors.ts';
import type { FetchFn } from '../enrich/types.ts';

/** a map image is tens of kilobytes; anything past this is not one */
export const MAX_MAP_IMAGE_BYTES = 5 * 1024 * 1024;

const WHAT = 'static map image';

export interface MapImage {
  readonly contentType: string;
  readonly bytes: Buffer;
}

export interface ImageLimits {
  readonly timeoutMs: number;
  readonly maxBytes: number;
}

async function readBounded(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Buffer | null> {
  if (body === null) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
}

function failure(url: string, detail: string, cause?: unknown): Error {
  return upstreamError(WHAT, detail, { url: withoutSecrets(url) }, cause);
}

async function download(fetchFn: FetchFn, url: string, limits: ImageLimits, signal: AbortSignal): Promise<MapImage> {
  const res = await fetchFn(url, { signal, headers: { accept: 'image/*' } });
  const contentType = (res.headers.get('content-type') ?? '').trim();
  if (res.status !== 200 || !/^image\//i.test(contentType)) {
    await res.body?.cancel();
    throw failure(url, `answered HTTP ${res.status} ${contentType || 'without a content type'}, not an image`);
  }
  const declared = Number(res.headers.get('content-length'));
  if (declared > limits.maxBytes) await res.body?.cancel();
  const bytes = declared > limits.maxBytes ? null : await readBounded(res.body, limits.maxBytes);
  if (bytes === null) throw failure(url, `the image is larger than ${limits.maxBytes} bytes`);
  return { contentType, bytes };
}

export async function fetchMapImage(fetchFn: FetchFn, url: string, limits: ImageLimits): Promise<MapImage> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    return await download(fetchFn, url, limits, signal);
  } catch (err) {
    if (signal.aborted) throw failure(url, `no image within ${limits.timeoutMs} ms`, err);
    if (isLookoutError(err)) throw err;
    throw failure(url, err instanceof Error ? err.message : String(err), err);
  }
}
