/**
 * The previous generation's tracking routes (PoracleWeb, ReactMap), in their shapes, over the same operations
 * as the spec's: GET|POST /tracking/{type}/{id}, DELETE /tracking/{type}/{id}/byUid/{uid}, POST
 * /tracking/{type}/{id}/delete (a uid or a list of them), GET /tracking/all/{id} (current profile, or
 * `?profile_no=`; descriptions with `?includeDescriptions`), GET /tracking/allProfiles/{id} (every profile,
 * described unless `?includeDescriptions=false`). The monster plugin adds GET /tracking/pokemon/refresh.
 */
import { LookoutError } from '../../../errors.ts';
import { requireHuman } from '../human-ops.ts';
import { looseBool } from '../loose-json.ts';
import type { ApiRequest, RouteSpec } from '../route-table.ts';
import { humanShape, profileShape } from '../shapes.ts';
import { humanId } from '../validate.ts';
import type { TrackingApiDeps } from './deps.ts';
import { languageOf, rulesOf, shapedRows } from './rows.ts';
import { deleteRules, postRules, requestedProfile, ruleUid } from './routes.ts';
import { servedTable, writableTable } from './served.ts';

/** A delete body: one uid, a list of them, or objects carrying `uid`. */
function uidsOf(body: unknown): number[] {
  const list = Array.isArray(body) ? body : body === undefined || body === null ? [] : [body];
  if (list.length === 0) throw new LookoutError('BAD_REQUEST', 'body must name at least one uid', { field: 'body' });
  return list.map((entry: unknown, i) => ruleUid(typeof entry === 'object' && entry !== null ? (entry as { uid?: unknown }).uid : entry, `body[${i}]`));
}

function includeDescriptions(query: Readonly<Record<string, unknown>>, byDefault: boolean): boolean {
  try {
    return looseBool(query.includeDescriptions, 'includeDescriptions') ?? byDefault;
  } catch {
    return byDefault;
  }
}

function listType(deps: TrackingApiDeps) {
  return async (request: ApiRequest) => {
    const served = servedTable(deps, request.params.type);
    const human = await requireHuman(deps, humanId(request.params.id));
    const rules = { served, rows: await deps.stores.rules.list(served.table, human.id, requestedProfile(human, request.query)) };
    return { status: 'ok', [served.api.type]: shapedRows(deps, rules, languageOf(deps, human)) };
  };
}

/** `all` (one profile) and `allProfiles` (every profile) in the previous shape. */
function listEverything(deps: TrackingApiDeps, everyProfile: boolean) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    const profile = everyProfile ? undefined : requestedProfile(human, request.query);
    const language = includeDescriptions(request.query, everyProfile) ? languageOf(deps, human) : null;
    const answer: Record<string, unknown> = { status: 'ok', human: humanShape(human) };
    for (const rules of await rulesOf(deps, human.id, profile)) answer[rules.served.api.type] = shapedRows(deps, rules, language);
    const profiles = await deps.stores.profiles.list(human.id);
    const current = profiles.find((p) => p.profileNo === profile);
    answer.profile = everyProfile ? profiles.map(profileShape) : current ? profileShape(current) : null;
    return answer;
  };
}

export function compatTrackingRoutes(deps: TrackingApiDeps): RouteSpec[] {
  return [
    { method: 'GET', path: '/tracking/all/:id', handler: listEverything(deps, false) },
    { method: 'GET', path: '/tracking/allProfiles/:id', handler: listEverything(deps, true) },
    { method: 'GET', path: '/tracking/:type/:id', handler: listType(deps) },
    { method: 'POST', path: '/tracking/:type/:id', handler: (request) => postRules(deps, request, () => writableTable(deps, request.params.type)) },
    {
      method: 'DELETE',
      path: '/tracking/:type/:id/byUid/:uid',
      handler: (request) => deleteRules(deps, request, servedTable(deps, request.params.type), [ruleUid(request.params.uid)]),
    },
    { method: 'POST', path: '/tracking/:type/:id/delete', handler: (request) => deleteRules(deps, request, servedTable(deps, request.params.type), uidsOf(request.body)) },
  ];
}
