/**
 * Registration checks of what a plugin contributes to core services: game-data sources, icon kinds and API
 * routes (AlertPlugin.gameDataSources, iconKinds, apiRoutes; a platform's apiRoutes too). Shapes per plugin, and across plugins no two
 * sources with one name, icon kinds with one folder or routes with one method and path.
 */
import type { AnyAlertPlugin, PlatformPlugin } from './contract.ts';
import { SOURCE_NAME } from './gamedata/source.ts';
import { API_ROUTE_METHODS } from './http/api/plugin-routes.ts';
import type { Method } from './http/api/route-table.ts';

export type ContributionRule = 'gameDataSources' | 'iconKinds' | 'apiRoutes';

const FOLDER = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/;
const ROUTE_PATH = /^\/[^\s?#]*$/;

type Fields = Record<string, unknown>;

function everyObject(value: unknown, check: (item: Fields) => boolean): boolean {
  return Array.isArray(value) && value.every((item: unknown) => typeof item === 'object' && item !== null && check(item as Fields));
}

const isFunction = (value: unknown): boolean => typeof value === 'function';

const CHECKS: Readonly<Record<ContributionRule, { readonly ok: (item: Fields) => boolean; readonly shape: string }>> = {
  gameDataSources: {
    ok: (s) => typeof s.name === 'string' && SOURCE_NAME.test(s.name) && s.name !== 'masterfile' && isFunction(s.url) && isFunction(s.looksValid) && isFunction(s.parse),
    shape: `[{ name, url(config), looksValid(raw), parse(raw, gameData) }] (name matching ${SOURCE_NAME}, not "masterfile")`,
  },
  iconKinds: {
    ok: (k) => typeof k.folder === 'string' && FOLDER.test(k.folder) && (k.flags === undefined || isFunction(k.flags)),
    shape: `[{ folder, flags?(options) }] (folder matching ${FOLDER})`,
  },
  apiRoutes: {
    ok: (r) => API_ROUTE_METHODS.includes(r.method as Method) && typeof r.path === 'string' && ROUTE_PATH.test(r.path) && isFunction(r.handler),
    shape: `[{ method: ${API_ROUTE_METHODS.join('|')}, path: "/…", handler(request, ctx) }]`,
  },
};

/** Why a contribution member is malformed, or null. */
export function checkContribution(rule: ContributionRule, value: unknown): string | null {
  const check = CHECKS[rule];
  return everyObject(value, check.ok) ? null : `must be an array of ${check.shape}`;
}

function repeated(keys: readonly string[]): string[] {
  return [...new Set(keys.filter((key, i) => keys.indexOf(key) !== i))];
}

/** What two plugins claim at once. */
export function contributionClashes(plugins: readonly AnyAlertPlugin[], platforms: readonly PlatformPlugin[] = []): string[] {
  const sources = plugins.flatMap((p) => (p.gameDataSources ?? []).map((s) => s.name));
  const folders = plugins.flatMap((p) => (p.iconKinds ?? []).map((k) => k.folder));
  const routes = [...plugins, ...platforms].flatMap((p) => (p.apiRoutes ?? []).map((r) => `${r.method} ${r.path}`));
  return [
    ...repeated(sources).map((name) => `game-data source "${name}" is contributed more than once`),
    ...repeated(folders).map((folder) => `icon folder "${folder}" is claimed by more than one icon kind`),
    ...repeated(routes).map((route) => `API route "${route}" is contributed more than once`),
  ];
}
