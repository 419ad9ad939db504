/**
 * GET /api/maintenance: whether deliveries are paused; POST /api/maintenance `{"enabled": true|false}` pauses or
 * resumes them (core/delivery/maintenance.ts). The answer is the state after the change:
 * `{"status":"ok","maintenance":{"enabled","since" (ISO time or null),"source" ("config"|"api"|null),"queued"}}`.
 * 503 when this service does not run the delivery queue (a replaced dispatcher: tests and tools).
 */
import type { Maintenance, MaintenanceState } from '../../delivery/maintenance.ts';
import { LookoutError } from '../../errors.ts';
import type { ApiRoutes } from '../server.ts';
import { registerRoutes } from './route-table.ts';

export interface MaintenanceAnswer {
  readonly status: 'ok';
  readonly maintenance: { readonly enabled: boolean; readonly since: string | null; readonly source: string | null; readonly queued: number };
}

function answerOf(state: MaintenanceState): MaintenanceAnswer {
  return { status: 'ok', maintenance: { enabled: state.enabled, since: state.since === null ? null : new Date(state.since).toISOString(), source: state.source, queued: state.queued } };
}

/** `{"enabled": true|false}` → the wanted state */
function enabledIn(body: unknown): boolean {
  const enabled = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { enabled?: unknown }).enabled : undefined;
  if (typeof enabled !== 'boolean') throw new LookoutError('BAD_REQUEST', 'enabled is required (true/false)');
  return enabled;
}

export function maintenanceApiRoutes(maintenance: Maintenance | null): ApiRoutes {
  const running = (): Maintenance => {
    if (!maintenance) throw new LookoutError('UNAVAILABLE', 'this service does not run the delivery queue, so it cannot pause it');
    return maintenance;
  };
  return (api) => {
    registerRoutes(api, [
      { method: 'GET', path: '/maintenance', handler: async () => answerOf(running().state()) },
      { method: 'POST', path: '/maintenance', handler: async (request) => answerOf(running().set(enabledIn(request.body), 'api')) },
    ]);
  };
}
