/**
 * `shortenMarked(text)`: every `<S<url>S>` becomes a short link from the configured provider, remembered in
 * a bounded cache so a fan-out asks once per URL. No provider, a failure or a resting provider → the marker
 * is removed and the long URL kept (failures logged once per burst).
 */
import type { GeneralConfig } from '../../config/index.ts';
import { FailureBurst } from '../failure-burst.ts';
import { LruCache } from '../lru.ts';
import type { RequestDeps } from '../types.ts';
import { UNTIMED } from '../../metrics/external-call.ts';
import { hasMarker, markedUrls, replaceMarked } from './marker.ts';
import { shortenerFor } from './providers.ts';

export const SHORTLINK_CACHE_SIZE = 10_000;

export interface Shortener {
  shortenMarked(text: string): Promise<string>;
  clear(): void;
}

export function createShortener(general: GeneralConfig, deps: RequestDeps): Shortener {
  const shorten = shortenerFor(general);
  const cache = new LruCache<string, string>(SHORTLINK_CACHE_SIZE);
  const pending = new Map<string, Promise<string>>();
  const health = new FailureBurst({ what: `shortlink (${general.shortlink_provider})`, log: deps.log, now: deps.now });
  const timed = deps.timed ?? UNTIMED;

  const shortOne = (url: string): Promise<string> => {
    const cached = cache.get(url);
    if (cached !== undefined) return Promise.resolve(cached);
    if (!shorten || !/^https?:\/\//i.test(url) || health.blocked()) return Promise.resolve(url);
    const waiting = pending.get(url);
    if (waiting) return waiting;
    const request = timed('shortlink', () => shorten(deps.fetch, url))
      .then(
        (short) => {
          health.succeeded();
          cache.set(url, short);
          return short;
        },
        (err: unknown) => {
          health.failed(err);
          return url;
        },
      )
      .finally(() => pending.delete(url));
    pending.set(url, request);
    return request;
  };

  return {
    async shortenMarked(text) {
      if (!hasMarker(text)) return text;
      const urls = markedUrls(text);
      const shorts = await Promise.all(urls.map(shortOne));
      return replaceMarked(text, new Map(urls.map((u, i) => [u, shorts[i]!])));
    },
    clear() {
      cache.clear();
    },
  };
}
