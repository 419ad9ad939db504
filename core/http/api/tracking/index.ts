/**
 * The tracking API (the spec's routes and the previous generation's over the same operations) as one
 * ApiRoutes registrar for the authenticated /api scope.
 */
import type { ApiRoutes } from '../../server.ts';
import { registerRoutes } from '../route-table.ts';
import { compatTrackingRoutes } from './compat.ts';
import type { TrackingApiDeps } from './deps.ts';
import { trackingRoutes } from './routes.ts';

export type { ReplyTranslate, ServedTable, TrackingApiDeps } from './deps.ts';
export { servedTables } from './served.ts';

export function trackingApiRoutes(deps: TrackingApiDeps): ApiRoutes {
  return (api) => {
    registerRoutes(api, [...trackingRoutes(deps), ...compatTrackingRoutes(deps)]);
  };
}
