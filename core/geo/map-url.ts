/**
 * The image URL of a geofence map scene from [geocoding] static_provider: tileservercache pre-generates it
 * (map-tileserver.ts), google/osm/mapbox build it (map-provider-urls.ts, static_key rotated). `none`, or a
 * tile server without static_provider_url, is UNAVAILABLE `static map provider not configured`.
 */
import type { GeocodingConfig } from '../config/types.ts';
import { roundRobin } from '../enrich/rotation.ts';
import type { FetchFn } from '../enrich/types.ts';
import { LookoutError } from '../errors.ts';
import { providerMapUrl } from './map-provider-urls.ts';
import type { MapScene } from './map-scenes.ts';
import { pregenerateMap } from './map-tileserver.ts';
import { UNTIMED, type ExternalCallTimer } from '../metrics/external-call.ts';

export interface MapUrlMaker {
  /** throws UNAVAILABLE when no provider is configured (checked before the request is read) */
  ready(): void;
  url(scene: MapScene): Promise<string>;
}

export interface MapUrlOptions {
  readonly fetch: FetchFn;
  /** per tile server request */
  readonly timeoutMs: number;
  /** times each tile server request (none: untimed) */
  readonly timed?: ExternalCallTimer;
}

function notConfigured(detail: string): MapUrlMaker {
  const refuse = (): never => {
    throw new LookoutError('UNAVAILABLE', `static map provider not configured${detail}`);
  };
  return { ready: refuse, url: async () => refuse() };
}

function maker(url: (scene: MapScene) => Promise<string>): MapUrlMaker {
  return { ready: () => undefined, url };
}

export function createMapUrlMaker(g: GeocodingConfig, o: MapUrlOptions): MapUrlMaker {
  const provider = g.static_provider;
  const frame = { width: g.width, height: g.height, zoom: g.zoom };
  if (provider === 'none') return notConfigured('');
  if (provider === 'tileservercache') {
    const base = g.static_provider_url.trim();
    if (base === '') return notConfigured(': tileservercache needs [geocoding] static_provider_url');
    const server = { fetch: o.fetch, base, zoom: g.zoom, timeoutMs: o.timeoutMs };
    const timed = o.timed ?? UNTIMED;
    return maker((scene) => timed('tile_server', () => pregenerateMap(server, scene)));
  }
  const nextKey = roundRobin(g.static_key);
  return maker(async (scene) => providerMapUrl(provider, scene, frame, nextKey()));
}
