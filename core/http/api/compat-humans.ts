/**
 * The previous generation's human routes (PoracleWeb, ReactMap), answering in their shapes:
 * GET /humans/one/{id}, POST /humans/{id}/start|stop, POST /humans/{id}/setLocation/{lat}/{lon},
 * GET /humans/{id}/checkLocation/{lat}/{lon}, POST /humans/{id}/setAreas, POST /humans/{id}/switchProfile/{n},
 * POST /humans/{id}/adminDisabled, GET /humans/{id}/getAdministrationRoles.
 */
import { LookoutError } from '../../errors.ts';
import { errorBody } from '../errors.ts';
import { locationAllowed, pickableAreas } from './areas.ts';
import type { HumanApiDeps } from './deps.ts';
import { requireHuman, saveAreas, saveLocation, switchProfile } from './human-ops.ts';
import { looseBool, looseStringList, objectBody } from './loose-json.ts';
import { answer, type ApiRequest, type RouteSpec } from './route-table.ts';
import { humanShape } from './shapes.ts';
import { humanId, point, requiredProfileNo } from './validate.ts';

const OK = { status: 'ok' } as const;

function one(deps: HumanApiDeps) {
  return async (request: ApiRequest) => ({ status: 'ok', human: humanShape(await requireHuman(deps, humanId(request.params.id))) });
}

function setEnabled(deps: HumanApiDeps, enabled: boolean) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    if (human.enabled !== enabled) await deps.stores.humans.update(human.id, { enabled });
    return OK;
  };
}

function pathPoint(request: ApiRequest): { latitude: number; longitude: number } {
  const at = point(request.params.lat, request.params.lon, ['lat', 'lon']);
  if (!at) throw new LookoutError('BAD_REQUEST', 'lat and lon are required', {});
  return at;
}

function setLocation(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    const at = pathPoint(request);
    if (!locationAllowed(deps, human, at.latitude, at.longitude)) return answer(403, errorBody('Location not permitted'));
    await saveLocation(deps, human, at.latitude, at.longitude);
    return OK;
  };
}

function checkLocation(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    const at = pathPoint(request);
    return { status: 'ok', locationOk: locationAllowed(deps, human, at.latitude, at.longitude) };
  };
}

function setAreas(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    const names = looseStringList(request.body ?? [], 'body');
    const areas = pickableAreas(deps, human, names ?? []);
    await saveAreas(deps, human, areas);
    return { status: 'ok', setAreas: areas };
  };
}

/** PoracleNG's flag-only switch: `{state: true|false}` sets admin_disable alone (not enabled, fails or disabled_date). */
function adminDisabled(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    const state = looseBool(objectBody(request.body).state, 'state');
    if (state === undefined) throw new LookoutError('BAD_REQUEST', 'state is required (true/false)', { field: 'state' });
    if (human.adminDisable !== state) await deps.stores.humans.update(human.id, { adminDisable: state });
    return { status: 'ok', admin_disabled: state ? 1 : 0 };
  };
}

/** PoracleWeb's `getAdministrationRoles`: `{status, admin: {discord?: {channels, webhooks, users}, telegram?: {channels, users}}}`. */
function administrationRoles(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    return { status: 'ok', admin: (await deps.administration?.(human.id)) ?? {} };
  };
}

function switchTo(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    await switchProfile(deps, human, requiredProfileNo(request.params.profile, 'profile'));
    return OK;
  };
}

export function compatHumanRoutes(deps: HumanApiDeps): RouteSpec[] {
  return [
    { method: 'GET', path: '/humans/one/:id', handler: one(deps) },
    { method: 'POST', path: '/humans/:id/adminDisabled', handler: adminDisabled(deps) },
    { method: 'GET', path: '/humans/:id/getAdministrationRoles', handler: administrationRoles(deps) },
    { method: 'POST', path: '/humans/:id/start', handler: setEnabled(deps, true) },
    { method: 'POST', path: '/humans/:id/stop', handler: setEnabled(deps, false) },
    { method: 'POST', path: '/humans/:id/setLocation/:lat/:lon', handler: setLocation(deps) },
    { method: 'GET', path: '/humans/:id/checkLocation/:lat/:lon', handler: checkLocation(deps) },
    { method: 'POST', path: '/humans/:id/setAreas', handler: setAreas(deps) },
    { method: 'POST', path: '/humans/:id/switchProfile/:profile', handler: switchTo(deps) },
  ];
}
