/**
 * GET /humans (list, ?type=, ?limit=, ?offset=), GET /humans/{id}, POST /humans (register), PATCH
 * /humans/{id} (settings), DELETE /humans/{id} (the registration with everything keyed by its id, as the
 * `unregister` command does it).
 */
import { LookoutError } from '../../errors.ts';
import type { HumanSettings } from '../../db/index.ts';
import type { NewHuman } from '../../db/stores/humans.ts';
import { communityNamed, locationRestriction, validCommunities } from '../../membership/index.ts';
import { DEFAULT_PROFILE_NAME } from '../../model.ts';
import { areaChoices, knownAreas } from './areas.ts';
import type { HumanApiDeps } from './deps.ts';
import { requireHuman, requireProfile } from './human-ops.ts';
import { looseBool, looseInt, looseString, looseStringList, objectBody, rejectUnknownFields } from './loose-json.ts';
import type { ApiRequest, RouteSpec } from './route-table.ts';
import { humanShape } from './shapes.ts';
import { humanId, humanType, isUrlId, language, point, profileNo } from './validate.ts';

const DEFAULT_PAGE = 100;
const MAX_PAGE = 1000;

function page(query: Readonly<Record<string, unknown>>): { limit: number; offset: number } {
  const limit = looseInt(query.limit, 'limit') ?? DEFAULT_PAGE;
  const offset = looseInt(query.offset, 'offset') ?? 0;
  if (limit < 1 || limit > MAX_PAGE) throw new LookoutError('BAD_REQUEST', `limit must be from 1 to ${MAX_PAGE}`, { field: 'limit' });
  if (offset < 0) throw new LookoutError('BAD_REQUEST', 'offset must be 0 or more', { field: 'offset' });
  return { limit, offset };
}

export function listHumans(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const raw = looseString(request.query.type, 'type');
    const types = raw?.split(',').map((t) => humanType(t.trim()));
    const { limit, offset } = page(request.query);
    const all = await deps.stores.humans.list(types ? { type: types } : {});
    return { status: 'ok', humans: all.slice(offset, offset + limit).map(humanShape), total: all.length, limit, offset };
  };
}

export function getHuman(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    return { status: 'ok', human: humanShape(human), areas: areaChoices(deps, human) };
  };
}

/** The type of a registration that names none: the registered platforms' default. */
function defaultType(deps: HumanApiDeps): string {
  if (deps.defaultTargetType === undefined) throw new LookoutError('BAD_REQUEST', 'type is required (no platform names a default target type)', { field: 'type' });
  return deps.defaultTargetType;
}

const REGISTER_FIELDS = ['id', 'type', 'name', 'language', 'latitude', 'longitude', 'area', 'areas', 'enabled', 'admin_disable', 'notes', 'profile_name', 'community'];

/**
 * A registration's `community` (one name or a list): the configured communities it names, lower-case, and with area
 * security on the location restriction they give; 400 for a community that is not configured.
 */
function communitiesOf(deps: HumanApiDeps, value: unknown): Pick<NewHuman, 'communityMembership' | 'areaRestriction'> {
  const single = typeof value === 'string' && !value.trim().startsWith('[');
  const names = single ? [value] : looseStringList(value, 'community');
  if (names === undefined || names.length === 0) return {};
  const security = deps.areaSecurity;
  const unknown = names.filter((n) => !security || !communityNamed(security, n));
  if (unknown.length > 0 || !security) throw new LookoutError('BAD_REQUEST', `community: unknown communit${unknown.length > 1 ? 'ies' : 'y'} ${unknown.join(', ')}`, { field: 'community', unknown });
  const membership = validCommunities(security, names);
  return { communityMembership: membership, ...(security.enabled ? { areaRestriction: locationRestriction(security, membership) } : {}) };
}

export function registerHuman(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const body = objectBody(request.body);
    rejectUnknownFields(body, REGISTER_FIELDS);
    if (body.id === undefined || body.id === null || body.id === '') throw new LookoutError('BAD_REQUEST', 'id is required', { field: 'id' });
    const id = humanId(body.id);
    const type = body.type === undefined ? defaultType(deps) : humanType(body.type);
    if (isUrlId(id) && type !== 'webhook') throw new LookoutError('BAD_REQUEST', 'id: a URL id needs type webhook', { field: 'id' });
    const name = looseString(body.name, 'name');
    if (name === undefined || name.trim() === '') throw new LookoutError('BAD_REQUEST', 'name is required', { field: 'name' });
    const at = point(body.latitude, body.longitude);
    const area = knownAreas(deps, looseStringList(body.area ?? body.areas, body.area !== undefined ? 'area' : 'areas') ?? []);
    const profileName = looseString(body.profile_name, 'profile_name') ?? DEFAULT_PROFILE_NAME;
    const fields = {
      language: language(body.language) ?? null,
      enabled: looseBool(body.enabled, 'enabled') ?? true,
      adminDisable: looseBool(body.admin_disable, 'admin_disable') ?? false,
      notes: looseString(body.notes, 'notes') ?? '',
    };
    const communities = communitiesOf(deps, body.community);
    if (await deps.stores.humans.get(id)) throw new LookoutError('CONFLICT', 'User already exists', { id });
    const human = await deps.stores.humans.create({ id, type, name, currentProfileNo: 1, area, ...at, ...fields, ...communities });
    if (!(await deps.stores.profiles.get(id, 1))) {
      await deps.stores.profiles.create({ id, name: profileName, profileNo: 1, area, latitude: human.latitude, longitude: human.longitude });
    }
    return { status: 'ok', message: 'User created successfully', human: humanShape(human) };
  };
}

const PATCH_FIELDS = [
  'name',
  'language',
  'latitude',
  'longitude',
  'area',
  'areas',
  'enabled',
  'admin_disable',
  'current_profile_no',
  'profile',
  'notes',
  'community_membership',
  'area_restriction',
  'blocked_alerts',
];

function nullableList(value: unknown, field: string, maxJsonChars?: number): readonly string[] | null | undefined {
  if (value === null) return null;
  const list = looseStringList(value, field);
  if (list && maxJsonChars !== undefined && JSON.stringify(list).length > maxJsonChars) {
    throw new LookoutError('BAD_REQUEST', `${field} must be at most ${maxJsonChars} characters as JSON`, { field });
  }
  return list;
}

export function patchHuman(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    const body = objectBody(request.body);
    rejectUnknownFields(body, PATCH_FIELDS);
    if (Object.keys(body).length === 0) throw new LookoutError('BAD_REQUEST', 'body names no field to change', {});
    // everything is checked before anything is written
    const profileField = body.current_profile_no !== undefined ? 'current_profile_no' : 'profile';
    const profile = profileNo(body.current_profile_no ?? body.profile, profileField);
    if (profile !== undefined) await requireProfile(deps, human, profile);
    const at = point(body.latitude, body.longitude);
    const areaField = body.area !== undefined ? 'area' : 'areas';
    const areaList = looseStringList(body.area ?? body.areas, areaField);
    const area = areaList === undefined ? undefined : knownAreas(deps, areaList, areaField);
    const name = looseString(body.name, 'name');
    if (name !== undefined && name.trim() === '') throw new LookoutError('BAD_REQUEST', 'name must not be empty', { field: 'name' });
    const adminDisable = looseBool(body.admin_disable, 'admin_disable');
    const fields: HumanSettings['fields'] = {
      name,
      language: language(body.language),
      enabled: looseBool(body.enabled, 'enabled'),
      adminDisable,
      disabledDate: adminDisable === undefined ? undefined : null,
      notes: looseString(body.notes, 'notes'),
      communityMembership: looseStringList(body.community_membership, 'community_membership'),
      areaRestriction: nullableList(body.area_restriction, 'area_restriction'),
      blockedAlerts: nullableList(body.blocked_alerts, 'blocked_alerts', 255), // varchar(255)
    };
    // one transaction: all of it is written, or (on any failure) none of it
    const changed = await deps.stores.humans.changeSettings(human.id, { profileNo: profile, location: at, area, fields });
    return { status: 'ok', human: humanShape(changed) };
  };
}

export function deleteHuman(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const id = humanId(request.params.id);
    if (!(await deps.stores.humans.delete(id))) throw new LookoutError('NOT_FOUND', 'User not found', { id });
    return { status: 'ok' };
  };
}

export function humanRoutes(deps: HumanApiDeps): RouteSpec[] {
  return [
    { method: 'GET', path: '/humans', handler: listHumans(deps) },
    { method: 'POST', path: '/humans', handler: registerHuman(deps) },
    { method: 'GET', path: '/humans/:id', handler: getHuman(deps) },
    { method: 'PATCH', path: '/humans/:id', handler: patchHuman(deps) },
    { method: 'DELETE', path: '/humans/:id', handler: deleteHuman(deps) },
  ];
}
