/**
 * The human/location/profile API over a real database: the HTTP server built as the app builds it (auth,
 * error shape) with only these routes, the real watched stores (counting reload requests) and a few fences.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Knex } from 'knex';
import { TRACKING_TABLES } from '../../../../core/db/index.ts';
import { buildGeofenceSet, type GeofenceSet } from '../../../../core/geo/index.ts';
import type { HumanApiDeps } from '../../../../core/http/api/deps.ts';
import { humanApiRoutes } from '../../../../core/http/api/index.ts';
import { createHttpServer } from '../../../../core/http/server.ts';
import { createStores, type Stores } from '../../../../core/state/watched-stores.ts';
import { fence } from '../../../helpers/fences.ts';
import { captureLog } from '../../../helpers/log-capture.ts';

export const SECRET = 'api-test-secret';

export interface ApiHarness {
  readonly app: FastifyInstance;
  readonly stores: Stores;
  /** how many state reloads the mutations asked for so far */
  reloads(): number;
  call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

const square = (lat: number, lon: number, size: number) => [[[[lat, lon], [lat, lon + size], [lat + size, lon + size], [lat + size, lon]]]] as const;

export function testFences(): GeofenceSet {
  return buildGeofenceSet([
    fence('Canterbury', { group: 'Kent', polygons: square(51.2, 1.0, 0.2) }),
    fence('Dover', { group: 'Kent', polygons: square(51.0, 1.25, 0.2) }),
    fence('Secret Base', { userSelectable: false, polygons: square(10, 10, 1) }),
  ]);
}

/** `defaultTargetType`: what the registered platforms name as the type of a registration without one (the app: discord's) */
export async function apiHarness(
  knex: Knex,
  options: Pick<HumanApiDeps, 'defaultTargetType' | 'areaSecurity' | 'isAdmin'> = { defaultTargetType: 'discord:user' },
): Promise<ApiHarness> {
  let reloads = 0;
  const stores = createStores(knex, () => reloads++, [...TRACKING_TABLES]);
  const app = await createHttpServer(
    { ipWhitelist: [], ipBlacklist: [], apiSecret: SECRET, bodyLimitBytes: 1024 * 1024, log: captureLog().log },
    [],
    [humanApiRoutes({ stores, geofences: { current: testFences() }, trackingTables: () => ['monsters', 'raid', 'egg', 'lures'], ...options })],
  );
  return {
    app,
    stores,
    reloads: () => reloads,
    call: (method, url, payload) =>
      app.inject({
        method,
        url,
        headers: { 'x-poracle-secret': SECRET, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      }),
  };
}

/** Registers a human straight through the stores (with profile 1), for tests of the other routes. */
export async function seedHuman(stores: Stores, id: string, extra: { area?: string[]; latitude?: number; longitude?: number; type?: string } = {}): Promise<void> {
  await stores.humans.create({ id, type: extra.type ?? 'discord:user', name: `user ${id}`, area: extra.area ?? [], latitude: extra.latitude ?? 0, longitude: extra.longitude ?? 0 });
  await stores.profiles.create({ id, name: 'default', profileNo: 1, area: extra.area ?? [], latitude: extra.latitude ?? 0, longitude: extra.longitude ?? 0 });
}

/** One egg rule (the schema's smallest tracking table), optionally measured from a saved location. */
export function eggRule(id: string, profileNo: number, label: string | null = null): Record<string, unknown> {
  return { id, profile_no: profileNo, ping: '', distance: label ? 500 : 0, team: 4, level: 5, clean: 0, template: '1', override_location_label: label };
}

export function lureRule(id: string, profileNo: number, label: string | null = null): Record<string, unknown> {
  return { id, profile_no: profileNo, ping: '', distance: label ? 800 : 0, lure_id: 501, clean: 0, template: '1', override_location_label: label };
}

export const enc = encodeURIComponent;
