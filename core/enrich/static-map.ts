/**
 * `staticMap` for one event from [geocoding] static_provider: none → '', google/osm/mapbox → a URL built
 * from the position (static_key rotated), tileservercache → a pre-generated image, or the [fallbacks]
 * static_map URL when the tile server fails (logged once per burst). With `stops` ([geocoding] include_stops and a
 * scanner database) the tile server is also sent the stops and gyms of the frame (static-map-stops.ts).
 */
import type { Config } from '../config/index.ts';
import type { EventLocation, View } from '../contract.ts';
import { FailureBurst } from './failure-burst.ts';
import { roundRobin } from './rotation.ts';
import type { NearbyStops } from './static-map-stops.ts';
import { staticMapUrl } from './static-map-urls.ts';
import { flattenView, pregenerateStaticMap } from './tileserver.ts';
import type { RequestDeps } from './types.ts';
import { UNTIMED } from '../metrics/external-call.ts';

export interface StaticMapRequest {
  readonly location: EventLocation;
  readonly alertType: string;
  /** what the tile server template is rendered with (built only for a tile server) */
  readonly view: () => View;
  readonly eventId: string;
}

export type StaticMapper = (request: StaticMapRequest) => Promise<string>;

export function createStaticMapper(config: Config, deps: RequestDeps, stops?: NearbyStops): StaticMapper {
  const g = config.geocoding;
  const frame = { width: g.width, height: g.height, zoom: g.zoom };
  const nextKey = roundRobin(g.static_key);
  const provider = g.static_provider;
  if (provider === 'none') return async () => '';
  if (provider !== 'tileservercache') return async ({ location }) => staticMapUrl(provider, location, frame, nextKey());

  const fallback = config.fallbacks.static_map;
  if (g.static_provider_url.trim() === '') {
    deps.log.warn({ key: 'geocoding.static_provider_url' }, 'tileservercache needs [geocoding] static_provider_url; using the fallback static map');
    return async () => fallback;
  }
  const health = new FailureBurst({ what: 'static map (tileservercache)', log: deps.log, now: deps.now });
  const timed = deps.timed ?? UNTIMED;
  return async ({ location, alertType, view, eventId }) => {
    if (health.blocked()) return fallback;
    try {
      const variables = stops ? { ...flattenView(view()), ...(await stops(location)) } : view();
      const url = await timed('tile_server', () => pregenerateStaticMap(deps.fetch, g.static_provider_url, alertType, variables));
      health.succeeded();
      return url;
    } catch (err) {
      health.failed(err, { eventId, alertType });
      return fallback;
    }
  };
}
