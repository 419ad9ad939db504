/**
 * A human's named locations: GET /humans/{id}/locations, POST /humans/{id}/locations/add ({label, latitude,
 * longitude}; 409 for a taken label) and POST /humans/{id}/locations/{label}/delete — 409 while a rule of any
 * profile measures from it (override_location_label), with those rules listed in the body.
 */
import { OVERRIDE_TABLES } from '../../db/tables.ts';
import { LookoutError } from '../../errors.ts';
import type { TrackingRow } from '../../model.ts';
import { errorBody } from '../errors.ts';
import type { HumanApiDeps } from './deps.ts';
import { requireHuman } from './human-ops.ts';
import { objectBody, rejectUnknownFields } from './loose-json.ts';
import { answer, type ApiRequest, type RouteSpec } from './route-table.ts';
import { locationShape } from './shapes.ts';
import { humanId, locationLabel, point } from './validate.ts';

export interface RuleReference {
  readonly table: string;
  readonly uid: number;
  readonly profile_no: number;
}

function labelOf(row: TrackingRow): string {
  const label = row.override_location_label;
  return typeof label === 'string' ? label.trim() : '';
}

/** Every rule of the human (any profile, any tracking table) that measures from `label`. */
export async function rulesUsingLocation(deps: HumanApiDeps, id: string, label: string): Promise<RuleReference[]> {
  const tables = [...new Set([...OVERRIDE_TABLES, ...deps.trackingTables()])];
  const found: RuleReference[] = [];
  for (const table of tables) {
    for (const row of await deps.stores.rules.list(table, id)) {
      if (labelOf(row) === label) found.push({ table, uid: row.uid, profile_no: row.profile_no });
    }
  }
  return found;
}

function listLocations(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    return { status: 'ok', locations: (await deps.stores.locations.list(human.id)).map(locationShape) };
  };
}

function addLocation(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    const body = objectBody(request.body);
    rejectUnknownFields(body, ['label', 'latitude', 'longitude']);
    if (body.label === undefined) throw new LookoutError('BAD_REQUEST', 'label is required', { field: 'label' });
    const label = locationLabel(body.label);
    const at = point(body.latitude, body.longitude);
    if (!at) throw new LookoutError('BAD_REQUEST', 'latitude and longitude are required', { field: 'latitude' });
    const saved = await deps.stores.locations.create({ humanId: human.id, label, ...at });
    return { status: 'ok', location: locationShape(saved) };
  };
}

function deleteLocation(deps: HumanApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    const label = locationLabel(request.params.label);
    const saved = await deps.stores.locations.get(human.id, label);
    if (!saved) throw new LookoutError('NOT_FOUND', `Location "${label}" not found`, { label });
    const rules = await rulesUsingLocation(deps, human.id, saved.label);
    if (rules.length > 0) {
      const message = `location "${saved.label}" is used by ${rules.length} rule${rules.length > 1 ? 's' : ''}; remove or change them first`;
      return answer(409, { ...errorBody(message), rules });
    }
    await deps.stores.locations.delete(human.id, saved.label);
    return { status: 'ok' };
  };
}

export function locationRoutes(deps: HumanApiDeps): RouteSpec[] {
  return [
    { method: 'GET', path: '/humans/:id/locations', handler: listLocations(deps) },
    { method: 'POST', path: '/humans/:id/locations/add', handler: addLocation(deps) },
    { method: 'POST', path: '/humans/:id/locations/:label/delete', handler: deleteLocation(deps) },
  ];
}
