/**
 * The common enricher: the variables every alert type gets, computed by the core around the plugin's own.
 * Once per event: location, areas, navigation and scanner map links, times in the event's time zone, night,
 * dawn and dusk, the reverse-geocoded address and the static map (the last two in parallel). Per recipient:
 * distance, bearing and prefix. Never throws for a dependency's sake: what cannot be had is an empty string.
 */
import { withFallbacks } from '../pipeline/view.ts';
import { addressFormatter, addressVariables } from './geocode/address.ts';
import { createReverseGeocoder } from './geocode/geocoder.ts';
import { loadDayLocale } from './day-locale.ts';
import { locationVariables, navigationLinks } from './location.ts';
import { scannerMapLinks } from './scanner-map.ts';
import { sunVariables } from './sun.ts';
import { createShortener } from './shortlink/shortener.ts';
import { createStaticMapper, type StaticMapper } from './static-map.ts';
import { nearbyStopsFor, type NearbyStops } from './static-map-stops.ts';
import { targetVariables } from './target.ts';
import { timeVariables } from './time.ts';
import { timeZoneAt } from './time-zone.ts';
import type { CommonEnricher, CommonEnricherOptions, RequestDeps } from './types.ts';

/** `make`'s value, made on the first call. */
function once<T>(make: () => T): () => T {
  let made: { readonly value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

/** The nearby stops of tile server maps, when [geocoding] include_stops is on and the scanner database is open. */
function staticMapStops(config: CommonEnricherOptions['config'], services: CommonEnricherOptions['services']): NearbyStops | undefined {
  const db = services?.scannerDb?.();
  if (!db || !config.geocoding.include_stops || config.geocoding.static_provider !== 'tileservercache') return undefined;
  const g = config.geocoding;
  return nearbyStopsFor(db, { width: g.width, height: g.height, zoom: g.zoom }, () => services?.icons() ?? null);
}

export function createCommonEnricher(options: CommonEnricherOptions): CommonEnricher {
  const { config, log } = options;
  const now = options.now ?? Date.now;
  const timed = options.services?.externalCalls?.();
  const deps: RequestDeps = { fetch: options.fetch ?? fetch, log, now, ...(timed ? { timed } : {}) };
  const geocoder = createReverseGeocoder(config.geocoding, deps);
  const staticMap = createStaticMapper(config, deps, staticMapStops(config, options.services));
  let templateMaps: StaticMapper | null = null;
  const shortener = createShortener(config.general, deps);
  const formatAddress = addressFormatter(config.locale.address_format, log);
  const scannerLinks = scannerMapLinks({ a: config.general.scanner_map_url_a, b: config.general.scanner_map_url_b, c: config.general.scanner_map_url_c }, log);
  const formats = { time: config.locale.time, date: config.locale.date };
  let locale: Promise<string> | null = null;

  return {
    async eventView({ location, expiresAt, fences, alertType, pluginView, eventId }) {
      locale ??= loadDayLocale(config.locale.timeformat, log);
      const place = { ...locationVariables(location, fences), ...navigationLinks(location) };
      const scanner = scannerLinks(once(() => withFallbacks(pluginView, place)));
      const at = now();
      const times = timeVariables({ expiresAt, now: at, zone: timeZoneAt(location.latitude, location.longitude), locale: await locale, formats });
      const known = { ...place, ...scanner, ...times, ...sunVariables(at, location.latitude, location.longitude) };
      const [address, mapUrl] = await Promise.all([
        geocoder.reverse(location.latitude, location.longitude, eventId),
        staticMap({ location, alertType, view: () => withFallbacks(pluginView, known), eventId }),
      ]);
      return { ...known, ...addressVariables(address, formatAddress), staticMap: mapUrl, staticmap: mapUrl };
    },
    targetView(input) {
      return { ...targetVariables(input) };
    },
    templateMap({ location, template, variables, eventId }) {
      templateMaps ??= createStaticMapper(config, deps);
      return templateMaps({ location, alertType: template, view: () => variables, eventId });
    },
    shortenMarked(text) {
      return shortener.shortenMarked(text);
    },
    async stop() {
      geocoder.clear();
      shortener.clear();
    },
  };
}
