/**
 * The previous generation's profile routes, answering `{"status":"ok"}`: POST /profiles/{id}/add
 * (object or array of {name, active_hours}), POST /profiles/{id}/update (object or array of {profile_no,
 * name?, active_hours}), POST /profiles/{id}/copy/{from}/{to}, DELETE /profiles/{id}/byProfileNo/{n}.
 * active_hours strings are stored as given (as PoracleNG does), other values as their JSON.
 */
import { LookoutError } from '../../errors.ts';
import type { HumanApiDeps } from './deps.ts';
import { requireHuman } from './human-ops.ts';
import { badField, looseString, objectList } from './loose-json.ts';
import { copyProfile, requireProfile, upsertProfile } from './profile-ops.ts';
import { removeProfile } from './profiles.ts';
import type { ApiRequest, RouteSpec } from './route-table.ts';
import { humanId, MAX_ACTIVE_HOURS_CHARS, requiredProfileNo } from './validate.ts';

const OK = { status: 'ok' } as const;

function looseActiveHours(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text.length > MAX_ACTIVE_HOURS_CHARS) throw badField(field, `at most ${MAX_ACTIVE_HOURS_CHARS} characters of JSON`);
  return text;
}

function add(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    const items = objectList(request.body);
    const inputs = items.map((item, i) => {
      const name = looseString(item.name, `body[${i}].name`)?.trim();
      if (!name) throw new LookoutError('BAD_REQUEST', `body[${i}].name is required`, { field: 'name' });
      return { name, activeHours: looseActiveHours(item.active_hours, `body[${i}].active_hours`) ?? '{}' };
    });
    for (const input of inputs) await upsertProfile(deps, human, input);
    return OK;
  };
}

function update(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    const items = objectList(request.body);
    const inputs = items.map((item, i) => ({
      profileNo: requiredProfileNo(item.profile_no, `body[${i}].profile_no`),
      name: looseString(item.name, `body[${i}].name`)?.trim() || undefined,
      activeHours: looseActiveHours(item.active_hours, `body[${i}].active_hours`),
    }));
    for (const input of inputs) await requireProfile(deps, human.id, input.profileNo);
    for (const input of inputs) await upsertProfile(deps, human, input);
    return OK;
  };
}

function copy(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    await copyProfile(deps, human, requiredProfileNo(request.params.from, 'from'), requiredProfileNo(request.params.to, 'to'));
    return OK;
  };
}

function remove(deps: HumanApiDeps) {
  const inner = removeProfile(deps, 'n');
  return async (request: ApiRequest) => {
    await inner(request);
    return OK;
  };
}

export function compatProfileRoutes(deps: HumanApiDeps): RouteSpec[] {
  return [
    { method: 'POST', path: '/profiles/:id/add', handler: add(deps) },
    { method: 'POST', path: '/profiles/:id/update', handler: update(deps) },
    { method: 'POST', path: '/profiles/:id/copy/:from/:to', handler: copy(deps) },
    { method: 'DELETE', path: '/profiles/:id/byProfileNo/:n', handler: remove(deps) },
  ];
}
