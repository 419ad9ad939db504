/**
 * GET /profiles/{id} (a human's profiles), POST /profiles/{id} (create or update one: profile_no, name, area,
 * latitude/longitude, active_hours) and DELETE /profiles/{id}/{profile_no}.
 */
import { LookoutError } from '../../errors.ts';
import { knownAreas } from './areas.ts';
import type { HumanApiDeps } from './deps.ts';
import { requireHuman } from './human-ops.ts';
import { looseString, looseStringList, objectBody, rejectUnknownFields } from './loose-json.ts';
import { deleteProfile, upsertProfile } from './profile-ops.ts';
import type { ApiRequest, RouteSpec } from './route-table.ts';
import { profileShape } from './shapes.ts';
import { activeHours, humanId, point, profileNo, requiredProfileNo } from './validate.ts';

export function listProfiles(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    return { status: 'ok', profile: (await deps.stores.profiles.list(human.id)).map(profileShape) };
  };
}

const FIELDS = ['profile_no', 'name', 'area', 'areas', 'latitude', 'longitude', 'active_hours'];

function saveProfile(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    const body = objectBody(request.body);
    rejectUnknownFields(body, FIELDS);
    const areaField = body.area !== undefined ? 'area' : 'areas';
    const areaList = looseStringList(body.area ?? body.areas, areaField);
    const name = looseString(body.name, 'name')?.trim();
    if (name === '') throw new LookoutError('BAD_REQUEST', 'name must not be empty', { field: 'name' });
    const at = point(body.latitude, body.longitude);
    const { profile, created } = await upsertProfile(deps, human, {
      profileNo: profileNo(body.profile_no),
      name,
      area: areaList === undefined ? undefined : knownAreas(deps, areaList, areaField),
      ...at,
      activeHours: activeHours(body.active_hours),
    });
    return { status: 'ok', created, profile: profileShape(profile) };
  };
}

export function removeProfile(deps: HumanApiDeps, param: string) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    const removed = await deleteProfile(deps, human, requiredProfileNo(request.params[param], param));
    return { status: 'ok', removedRules: removed };
  };
}

export function profileRoutes(deps: HumanApiDeps): RouteSpec[] {
  return [
    { method: 'GET', path: '/profiles/:id', handler: listProfiles(deps) },
    { method: 'POST', path: '/profiles/:id', handler: saveProfile(deps) },
    { method: 'DELETE', path: '/profiles/:id/:profile_no', handler: removeProfile(deps, 'profile_no') },
  ];
}
