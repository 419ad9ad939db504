/**
 * The geofence map endpoints: GET /api/geofence/:area/map, /locationMap/:lat/:lon,
 * /distanceMap/:lat/:lon/:distance, /weatherMap/:lat/:lon (`?weather=<id>`) and POST /overviewMap
 * (`{"areas": […]}` or a bare array). Each answers `{"status":"ok","url"}` as before, or the image itself
 * (its bytes and content type) when the client asks for one (`?format=image`, `Accept: image/*`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GeocodingConfig } from '../config/types.ts';
import { TILE_TIMEOUT_MS } from '../enrich/http.ts';
import type { FetchFn } from '../enrich/types.ts';
import { LookoutError } from '../errors.ts';
import type { ApiRoutes } from '../http/server.ts';
import { fetchMapImage, MAX_MAP_IMAGE_BYTES } from './map-image.ts';
import { areaNamesBody, distanceParam, fenceNamed, fencesNamed, pointParams, weatherParam, wantsImage, type Query } from './map-request.ts';
import { areaScene, distanceScene, locationScene, overviewScene, weatherScene, type MapScene, type WeatherDetails } from './map-scenes.ts';
import { createMapUrlMaker } from './map-url.ts';
import type { GeofenceSet } from './store.ts';
import type { WeatherCells } from './weather-cells.ts';
import type { ExternalCallTimer } from '../metrics/external-call.ts';

/** What the weather map reads from the core services (the app's CoreServices fit). */
export interface MapServices {
  weatherCells?(): WeatherCells;
  icons(): { image(): { weather(weatherId: number): string } };
  /** times the tile server calls (lookout_external_call_seconds{service="tile_server"}) */
  externalCalls?(): ExternalCallTimer;
}

export interface GeofenceMapDeps {
  readonly geocoding: GeocodingConfig;
  readonly geofences: { readonly current: GeofenceSet };
  /** the current weather of a cell and its icon, for the weather map when `?weather` is not given */
  readonly services?: MapServices;
  /** the HTTP client for the tile server and the image downloads (tests pass their own) */
  readonly fetch?: FetchFn;
  /** per tile server request and per image download; default TILE_TIMEOUT_MS */
  readonly timeoutMs?: number;
  readonly maxImageBytes?: number;
}

type Params = Readonly<Record<string, string | undefined>>;

interface MapInput {
  readonly params: Params;
  readonly query: Query;
  readonly body: unknown;
}

function weatherAt(services: MapServices | undefined, query: Query, latitude: number, longitude: number): WeatherDetails {
  const condition = weatherParam(query) ?? services?.weatherCells?.().at(latitude, longitude) ?? 0;
  return { condition, iconUrl: condition > 0 ? (services?.icons().image().weather(condition) ?? '') : '' };
}

function noPolygon(scene: MapScene | null): MapScene {
  if (scene === null) throw new LookoutError('NOT_FOUND', 'area has no polygon data');
  return scene;
}

export function geofenceMapRoutes(deps: GeofenceMapDeps): ApiRoutes {
  const fetchFn = deps.fetch ?? fetch;
  const timeoutMs = deps.timeoutMs ?? TILE_TIMEOUT_MS;
  const timed = deps.services?.externalCalls?.();
  const maps = createMapUrlMaker(deps.geocoding, { fetch: fetchFn, timeoutMs, ...(timed ? { timed } : {}) });
  const limits = { timeoutMs, maxBytes: deps.maxImageBytes ?? MAX_MAP_IMAGE_BYTES };

  const answer = (scene: (input: MapInput) => MapScene) => async (request: FastifyRequest, reply: FastifyReply) => {
    maps.ready();
    const query = (request.query ?? {}) as Query;
    const image = wantsImage(query, request.headers.accept);
    const url = await maps.url(scene({ params: request.params as Params, query, body: request.body }));
    if (!image) return { status: 'ok', url };
    const { contentType, bytes } = await fetchMapImage(fetchFn, url, limits);
    return reply.type(contentType).send(bytes);
  };

  return (api: FastifyInstance): void => {
    api.get('/geofence/locationMap/:lat/:lon', answer(({ params }) => {
      const { latitude, longitude } = pointParams(params);
      return locationScene(latitude, longitude);
    }));
    api.get('/geofence/distanceMap/:lat/:lon/:distance', answer(({ params }) => {
      const { latitude, longitude } = pointParams(params);
      return distanceScene(latitude, longitude, distanceParam(params.distance));
    }));
    api.get('/geofence/weatherMap/:lat/:lon', answer(({ params, query }) => {
      const { latitude, longitude } = pointParams(params);
      return weatherScene(latitude, longitude, weatherAt(deps.services, query, latitude, longitude));
    }));
    api.post('/geofence/overviewMap', answer(({ body }) => noPolygon(overviewScene(fencesNamed(deps.geofences.current, areaNamesBody(body))))));
    api.get('/geofence/:area/map', answer(({ params }) => noPolygon(areaScene(fenceNamed(deps.geofences.current, params.area ?? '')))));
  };
}
