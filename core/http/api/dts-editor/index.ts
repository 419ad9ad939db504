/**
 * The template editor API: what the template studio and the previous generation's external DTS editor call —
 * render (render-route.ts), the catalog of entries, variables, test data, recent events and emoji
 * (catalog-routes.ts), and enrich, sendtest and the templateFile write (action-routes.ts).
 */
import type { TemplateFiles } from '../../../dts/save/index.ts';
import type { RouteSpec } from '../route-table.ts';
import { actionRoutes } from './action-routes.ts';
import { catalogRoutes } from './catalog-routes.ts';
import type { DtsEditorDeps } from './deps.ts';
import { renderRoute } from './render-route.ts';

export type { DtsEditorDeps } from './deps.ts';

export function dtsEditorRoutes(deps: DtsEditorDeps, files: TemplateFiles): RouteSpec[] {
  return [{ method: 'POST', path: '/dts/render', handler: renderRoute(deps) }, ...catalogRoutes(deps), ...actionRoutes(deps, files)];
}
