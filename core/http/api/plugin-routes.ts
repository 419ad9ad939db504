/**
 * HTTP routes a plugin contributes (AlertPlugin.apiRoutes): mounted in the /api scope beside the core's, so
 * they share its secret, IP lists, body limit and error shape. A handler answers a body (200), an explicit
 * status and body (`answer(code, body)` from route-table.ts), or throws a LookoutError (answered in the error
 * shape with its status, as every /api route).
 */
import type { Logger } from '../../log/logger.ts';
import type { ApiRoutes } from '../server.ts';
import { registerRoutes, type ApiRequest, type Method, type RouteSpec } from './route-table.ts';

/** The methods a plugin route may answer. */
export const API_ROUTE_METHODS: readonly Method[] = ['GET', 'POST', 'PATCH', 'DELETE'];

/** What a plugin route may use besides the request (the plugin's setup gives it the core services). */
export interface ApiRouteContext {
  /** rebuilds the tracking state from the database now; resolves false when the rebuild failed */
  reloadState(): Promise<boolean>;
  readonly log: Logger;
}

export interface ApiRoute {
  readonly method: Method;
  /** below /api, fastify syntax: `/masterdata/grunts`, `/things/:id` */
  readonly path: string;
  handler(request: ApiRequest, ctx: ApiRouteContext): Promise<unknown>;
}

/** The plugins' routes as one /api registrar. */
export function pluginApiRoutes(routes: readonly ApiRoute[], ctx: ApiRouteContext): ApiRoutes {
  const table: RouteSpec[] = routes.map((route) => ({ method: route.method, path: route.path, handler: (request) => route.handler(request, ctx) }));
  return (api) => registerRoutes(api, table);
}
