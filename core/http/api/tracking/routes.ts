/**
 * The spec's tracking routes: GET /tracking/{id} (every rule of every served type for the current profile, or
 * `?profile_no=`, each with uid, type and description), POST /tracking/{id} (rules of any types in one body:
 * `[{type, …fields}]`, validated whole before anything is written, answered with the previous generation's
 * counts) and DELETE /tracking/{id}/{type}/{uid}.
 */
import type { Human } from '../../../model.ts';
import type { ApiItem } from '../../../tracking/api-item.ts';
import { LookoutError } from '../../../errors.ts';
import { requireHuman } from '../human-ops.ts';
import { objectList } from '../loose-json.ts';
import type { ApiRequest, RouteSpec } from '../route-table.ts';
import { humanShape } from '../shapes.ts';
import { humanId, profileNo } from '../validate.ts';
import { confirm } from './confirm.ts';
import type { ServedTable, TrackingApiDeps } from './deps.ts';
import { prepareItems } from './items.ts';
import { removeRules } from './remove.ts';
import { languageOf, rulesOf, shapedRows } from './rows.ts';
import { servedTable, writableTable } from './served.ts';
import { writeRules } from './write.ts';

/** The profile a request reads or writes: `?profile_no=` or the human's current one. */
export function requestedProfile(human: Human, query: Readonly<Record<string, unknown>>): number {
  return profileNo(query.profile_no, 'profile_no') ?? human.currentProfileNo;
}

/** A uid from a path or body: a whole number from 1. */
export function ruleUid(raw: unknown, field = 'uid'): number {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const n = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new LookoutError('BAD_REQUEST', `${field} must be a rule uid (a whole number from 1)`, { field });
  return n;
}

/** Reads, checks and writes a tracking POST body for a human; `pick` says which table each item goes to. */
export async function postRules(deps: TrackingApiDeps, request: ApiRequest, pick: (item: ApiItem) => ServedTable) {
  const human = await requireHuman(deps, humanId(request.params.id));
  const items = objectList(request.body);
  const profile = requestedProfile(human, request.query);
  const locationLabels = (await deps.stores.locations.list(human.id)).map((l) => l.label);
  const prepared = prepareItems(deps, items, pick, { human, profileNo: profile, locationLabels });
  const result = await writeRules(deps, human, prepared);
  const message = await confirm(deps, human, result.changes, request.query);
  return { status: 'ok', message, newUids: result.newUids, alreadyPresent: result.alreadyPresent, updates: result.updates, insert: result.inserts };
}

/** Removes rules of one served table by uid and answers with the confirmation. */
export async function deleteRules(deps: TrackingApiDeps, request: ApiRequest, served: ServedTable, uids: readonly number[]) {
  const human = await requireHuman(deps, humanId(request.params.id));
  const removed = await removeRules(deps, human, served, uids);
  const message = await confirm(deps, human, removed.map((row) => ({ kind: 'Removed', table: served.table, row })), request.query);
  return { status: 'ok', message };
}

function listAll(deps: TrackingApiDeps) {
  return async (request: ApiRequest) => {
    const human = await requireHuman(deps, humanId(request.params.id));
    const profile = requestedProfile(human, request.query);
    const language = languageOf(deps, human);
    const tracking = (await rulesOf(deps, human.id, profile)).flatMap((rules) => shapedRows(deps, rules, language).map((row) => ({ type: rules.served.api.type, ...row })));
    return { status: 'ok', human: humanShape(human), profile_no: profile, tracking };
  };
}

export function trackingRoutes(deps: TrackingApiDeps): RouteSpec[] {
  return [
    { method: 'GET', path: '/tracking/:id', handler: listAll(deps) },
    { method: 'POST', path: '/tracking/:id', handler: (request) => postRules(deps, request, (item) => writableTable(deps, item.raw('type'), item.label('type'))) },
    {
      method: 'DELETE',
      path: '/tracking/:id/:type/:uid',
      handler: (request) => deleteRules(deps, request, servedTable(deps, request.params.type), [ruleUid(request.params.uid)]),
    },
  ];
}
