/**
 * GET /api/tracking/pokemon/refresh (the previous generation's, kept for PoracleWeb): rebuilds the tracking
 * state from the database now and answers `{"status":"ok"}` once the rebuild has run.
 */
import type { ApiRoute } from '../../core/http/api/plugin-routes.ts';

export const REFRESH_ROUTE: ApiRoute = {
  method: 'GET',
  path: '/tracking/pokemon/refresh',
  handler: async (_request, ctx) => {
    await ctx.reloadState();
    return { status: 'ok' };
  },
};
