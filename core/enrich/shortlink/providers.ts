/**
 * The three link shorteners of [general] shortlink_provider, each one request:
 * - hideuri: `POST <url or https://hideuri.com/api/v1/shorten>` form `url=…` → `{ result_url }` (needs no key);
 * - shlink: `POST <url>/rest/v2/short-urls` JSON `{ longUrl, findIfExists, domain? }`, header `X-Api-Key` → `{ shortUrl }`;
 * - yourls: `GET <url>/yourls-api.php?signature=<key>&action=shorturl&format=json&url=…` → `{ shorturl }`
 *   (also in the error answer for a URL it already knows).
 * shlink and yourls need shortlink_provider_url and _key; without them there is no shortener.
 */
import type { GeneralConfig } from '../../config/index.ts';
import { isRecord, joinUrl, parseJson, requestText, REQUEST_TIMEOUT_MS, upstreamError } from '../http.ts';
import type { FetchFn } from '../types.ts';

export const HIDEURI_URL = 'https://hideuri.com/api/v1/shorten';

export type ShortenOne = (fetchFn: FetchFn, longUrl: string) => Promise<string>;

function shortFrom(what: string, body: unknown, field: string): string {
  const value = isRecord(body) ? body[field] : undefined;
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value.trim())) throw upstreamError(what, `answered without ${field}`);
  return value.trim();
}

function hideuri(endpoint: string): ShortenOne {
  const what = 'shortlink (hideuri)';
  return async (fetchFn, longUrl) => {
    const init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ url: longUrl }).toString() };
    const answer = await requestText(fetchFn, what, endpoint, init, REQUEST_TIMEOUT_MS);
    if (answer.status < 200 || answer.status >= 300) throw upstreamError(what, `answered HTTP ${answer.status}`, { status: answer.status });
    return shortFrom(what, parseJson(what, answer), 'result_url');
  };
}

function shlink(base: string, key: string, domain: string): ShortenOne {
  const what = 'shortlink (shlink)';
  return async (fetchFn, longUrl) => {
    const payload: Record<string, unknown> = { longUrl, findIfExists: true };
    if (domain) payload.domain = domain;
    const init = { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': key }, body: JSON.stringify(payload) };
    const answer = await requestText(fetchFn, what, joinUrl(base, 'rest/v2/short-urls'), init, REQUEST_TIMEOUT_MS);
    if (answer.status < 200 || answer.status >= 300) throw upstreamError(what, `answered HTTP ${answer.status}`, { status: answer.status });
    return shortFrom(what, parseJson(what, answer), 'shortUrl');
  };
}

function yourls(base: string, signature: string): ShortenOne {
  const what = 'shortlink (yourls)';
  const endpoint = /\.php$/i.test(base.trim()) ? base.trim() : joinUrl(base, 'yourls-api.php');
  return async (fetchFn, longUrl) => {
    const params = new URLSearchParams({ signature, action: 'shorturl', format: 'json', url: longUrl });
    const answer = await requestText(fetchFn, what, `${endpoint}?${params.toString()}`, {}, REQUEST_TIMEOUT_MS);
    if (answer.status >= 500) throw upstreamError(what, `answered HTTP ${answer.status}`, { status: answer.status });
    return shortFrom(what, parseJson(what, answer), 'shorturl');
  };
}

/** The configured shortener, or null when the provider lacks its URL or key. */
export function shortenerFor(general: GeneralConfig): ShortenOne | null {
  const url = general.shortlink_provider_url.trim();
  const key = general.shortlink_provider_key.trim();
  switch (general.shortlink_provider) {
    case 'hideuri':
      return hideuri(url || HIDEURI_URL);
    case 'shlink':
      return url && key ? shlink(url, key, general.shortlink_provider_domain.trim()) : null;
    case 'yourls':
      return url && key ? yourls(url, key) : null;
  }
}
