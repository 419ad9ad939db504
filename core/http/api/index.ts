/**
 * The human, named-location and profile API (the spec's routes and the previous generation's aliases over
 * the same operations), as one ApiRoutes registrar for the authenticated /api scope; and the read-only
 * configuration and master data API as another.
 */
import type { ApiRoutes } from '../server.ts';
import { clientConfigRoutes } from './client-config.ts';
import type { PlatformPlugin } from '../../contract.ts';
import { compatHumanRoutes } from './compat-humans.ts';
import { compatProfileRoutes } from './compat-profiles.ts';
import type { ConfigApiDeps } from './config-deps.ts';
import type { HumanApiDeps } from './deps.ts';
import { humanRoutes } from './humans.ts';
import { locationRoutes } from './locations.ts';
import { masterDataRoutes } from './masterdata.ts';
import { membershipRoutes } from './membership.ts';
import { profileRoutes } from './profiles.ts';
import { registerRoutes } from './route-table.ts';

export type { ConfigApiDeps } from './config-deps.ts';
export type { HumanApiDeps } from './deps.ts';

export function humanApiRoutes(deps: HumanApiDeps): ApiRoutes {
  return (api) => {
    registerRoutes(api, [...humanRoutes(deps), ...locationRoutes(deps), ...compatHumanRoutes(deps), ...profileRoutes(deps), ...compatProfileRoutes(deps)]);
  };
}

/** The role checks run on demand (POST /membership/check). */
export function membershipApiRoutes(platforms: () => readonly PlatformPlugin[]): ApiRoutes {
  return (api) => registerRoutes(api, membershipRoutes(platforms));
}

/** The read-only configuration and master data API (GET /config/*, GET /masterdata/*). */
export function configApiRoutes(deps: ConfigApiDeps): ApiRoutes {
  return (api) => {
    registerRoutes(api, [...clientConfigRoutes(deps), ...masterDataRoutes(deps)]);
  };
}
