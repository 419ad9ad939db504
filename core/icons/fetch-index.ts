/**
 * Downloads one repository's `<base>/index.json` and parses it. Every failure is an outcome, never a throw.
 */
import { describeError } from '../errors.ts';
import { parseIconIndex, type IconIndex } from './index-file.ts';

export type IndexFetchOutcome =
  | { readonly ok: true; readonly index: IconIndex }
  | {
      readonly ok: false;
      /** not_found: the repository has no index (legitimate); http: another status; unreachable: network,
       * timeout or abort; invalid: not JSON or not the shape of a UICONS index */
      readonly reason: 'not_found' | 'http' | 'unreachable' | 'invalid';
      readonly detail: string;
    };

export interface IndexFetchOptions {
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  /** aborts the download when the service stops */
  readonly signal: AbortSignal;
}

/** `<base>/index.json` for a base without trailing slashes. */
export function indexUrl(base: string): string {
  return `${base}/index.json`;
}

function networkReason(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${describeError(err)}${cause}`;
}

export async function fetchIconIndex(base: string, options: IndexFetchOptions): Promise<IndexFetchOutcome> {
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]);
  let text: string;
  try {
    const res = await options.fetch(indexUrl(base), { signal, headers: { accept: 'application/json' } });
    if (!res.ok) {
      await res.body?.cancel();
      const detail = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
      return { ok: false, reason: res.status === 404 ? 'not_found' : 'http', detail };
    }
    text = await res.text();
  } catch (err) {
    return { ok: false, reason: 'unreachable', detail: networkReason(err) };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: 'invalid', detail: `not JSON: ${describeError(err)}` };
  }
  const index = parseIconIndex(raw);
  if (!index) return { ok: false, reason: 'invalid', detail: 'unexpected shape: no folder listing any file' };
  return { ok: true, index };
}
