/**
 * /api/geofence/all, /all/geojson, /all/hash and /reload. The answers for one set are built once and reused
 * until the set is replaced.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ApiRoutes } from '../http/server.ts';
import { errorBody } from '../http/errors.ts';
import { toFeatureCollection, toPoracle, type GeoJsonFeatureCollection, type PoracleFence } from './shapes.ts';
import type { GeofenceSet, ReloadOutcome } from './store.ts';

/** What the routes need from the store. */
export interface GeofenceSource {
  readonly current: GeofenceSet;
  reload(): Promise<ReloadOutcome>;
}

interface Answers {
  readonly all: { readonly status: 'ok'; readonly geofence: readonly PoracleFence[] };
  readonly geojson: { readonly status: 'ok'; readonly geoJSON: GeoJsonFeatureCollection };
  readonly hash: { readonly status: 'ok'; readonly areas: Readonly<Record<string, string>>; readonly hash: string };
}

function cached<K extends keyof Answers>(build: (set: GeofenceSet) => Answers[K]): (set: GeofenceSet) => Answers[K] {
  const memo = new WeakMap<GeofenceSet, Answers[K]>();
  return (set) => {
    let answer = memo.get(set);
    if (answer === undefined) {
      answer = build(set);
      memo.set(set, answer);
    }
    return answer;
  };
}

const allAnswer = cached<'all'>((set) => ({ status: 'ok', geofence: set.fences.map(toPoracle) }));
const geojsonAnswer = cached<'geojson'>((set) => ({ status: 'ok', geoJSON: toFeatureCollection(set.fences) }));
const hashAnswer = cached<'hash'>((set) => ({ status: 'ok', areas: set.areaHashes, hash: set.hash }));

function reloadFailure(outcome: ReloadOutcome): string {
  const reasons = outcome.errors.map((e) => e.message).join('; ');
  return `geofence reload failed; the previous geofences are still in use${reasons ? `: ${reasons}` : ''}`;
}

export function geofenceRoutes(store: GeofenceSource): ApiRoutes {
  return (api: FastifyInstance): void => {
    api.get('/geofence/all', async () => allAnswer(store.current));
    api.get('/geofence/all/geojson', async () => geojsonAnswer(store.current));
    api.get('/geofence/all/hash', async () => hashAnswer(store.current));
    const reload = async (_request: unknown, reply: FastifyReply) => {
      const outcome = await store.reload();
      return outcome.ok ? reply.send({ status: 'ok' }) : reply.code(503).send(errorBody(reloadFailure(outcome)));
    };
    api.get('/geofence/reload', reload);
    api.post('/geofence/reload', reload);
  };
}
