/**
 * Outgoing HTTP for the enricher: every request carries a timeout, and an unusable answer becomes a typed
 * UNAVAILABLE error naming the dependency (callers log it through FailureBurst, never let it escape).
 */
import { LookoutError } from '../errors.ts';
import type { FetchFn } from './types.ts';

/** Geocoders and link shorteners. */
export const REQUEST_TIMEOUT_MS = 5_000;
/** The tile server renders an image before it answers. */
export const TILE_TIMEOUT_MS = 10_000;

export function upstreamError(what: string, detail: string, context: Record<string, unknown> = {}, cause?: unknown): LookoutError {
  return new LookoutError('UNAVAILABLE', `${what}: ${detail}`, { dependency: what, ...context }, cause === undefined ? undefined : { cause });
}

export interface TextAnswer {
  readonly status: number;
  readonly text: string;
}

/** Sends the request and reads the whole answer as text; a network error or timeout becomes UNAVAILABLE. */
export async function requestText(fetchFn: FetchFn, what: string, url: string, init: RequestInit, timeoutMs: number): Promise<TextAnswer> {
  try {
    const res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    const reason = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : err instanceof Error ? err.message : String(err);
    throw upstreamError(what, reason, { url: withoutSecrets(url) }, err);
  }
}

/** Parses a JSON answer; anything else is UNAVAILABLE. */
export function parseJson(what: string, answer: TextAnswer): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch (err) {
    throw upstreamError(what, `answered HTTP ${answer.status} with something that is not JSON`, { status: answer.status }, err);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The URL without its query string, so API keys never reach the logs. */
export function withoutSecrets(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** `base` with exactly one slash before `path`. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
