/**
 * The reverse geocoder the enricher uses: picks the [geocoding] provider, caches answers in memory by the
 * coordinates rounded to `cache_detail` decimals (0 = no cache; bounded LRU), shares one request between
 * events waiting for the same key, and turns every failure into an empty address (logged once per burst).
 * Provider `none` or `forward_only = true` never sends a request.
 */
import type { GeocodingConfig } from '../../config/index.ts';
import { FailureBurst } from '../failure-burst.ts';
import { LruCache } from '../lru.ts';
import { roundRobin } from '../rotation.ts';
import type { RequestDeps } from '../types.ts';
import { UNTIMED } from '../../metrics/external-call.ts';
import { EMPTY_ADDRESS, type Address } from './address.ts';
import { googleReverse } from './google.ts';
import { nominatimReverse } from './nominatim.ts';

export const GEOCODE_CACHE_SIZE = 10_000;

export interface ReverseGeocoder {
  reverse(latitude: number, longitude: number, eventId: string): Promise<Address>;
  clear(): void;
}

type Lookup = (latitude: number, longitude: number) => Promise<Address>;

function providerLookup(config: GeocodingConfig, deps: RequestDeps): Lookup | null {
  if (config.forward_only) return null;
  switch (config.provider) {
    case 'none':
      return null;
    case 'nominatim':
      if (config.provider_url.trim() === '') {
        deps.log.warn({ key: 'geocoding.provider_url' }, 'nominatim needs [geocoding] provider_url; addresses stay empty');
        return null;
      }
      return (lat, lon) => nominatimReverse(deps.fetch, config.provider_url, lat, lon);
    case 'google': {
      const nextKey = roundRobin(config.geocoding_key);
      return (lat, lon) => googleReverse(deps.fetch, config.provider_url, nextKey(), lat, lon);
    }
  }
}

/** `51.508,-0.128` for cache_detail 3; null when caching is off. */
export function cacheKey(latitude: number, longitude: number, decimals: number): string | null {
  if (decimals <= 0) return null;
  const d = Math.min(Math.floor(decimals), 10);
  return `${latitude.toFixed(d)},${longitude.toFixed(d)}`;
}

export function createReverseGeocoder(config: GeocodingConfig, deps: RequestDeps): ReverseGeocoder {
  const lookup = providerLookup(config, deps);
  const cache = new LruCache<string, Address>(GEOCODE_CACHE_SIZE);
  const pending = new Map<string, Promise<Address>>();
  const health = new FailureBurst({ what: `reverse geocoding (${config.provider})`, log: deps.log, now: deps.now });
  const timed = deps.timed ?? UNTIMED;

  const ask = async (lookupFn: Lookup, latitude: number, longitude: number, eventId: string, key: string | null): Promise<Address> => {
    if (health.blocked()) return EMPTY_ADDRESS;
    try {
      const address = await timed('geocoder', () => lookupFn(latitude, longitude));
      health.succeeded();
      if (key !== null) cache.set(key, address);
      return address;
    } catch (err) {
      health.failed(err, { eventId });
      return EMPTY_ADDRESS;
    }
  };

  return {
    async reverse(latitude, longitude, eventId) {
      if (!lookup || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return EMPTY_ADDRESS;
      const key = cacheKey(latitude, longitude, config.cache_detail);
      if (key === null) return ask(lookup, latitude, longitude, eventId, null);
      const cached = cache.get(key);
      if (cached) return cached;
      const waiting = pending.get(key);
      if (waiting) return waiting;
      const request = ask(lookup, latitude, longitude, eventId, key).finally(() => pending.delete(key));
      pending.set(key, request);
      return request;
    },
    clear() {
      cache.clear();
    },
  };
}
