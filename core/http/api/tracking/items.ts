/**
 * A tracking POST body → the rules it asks for, checked before anything is written: each item is read by
 * the plugin serving its type (its own columns) and by the core (template, clean, profile_no, uid and the
 * reach: distance, override_areas, override_location_label with the spec's rule errors, the loaded fences and
 * the human's saved locations); a field nobody reads is refused as unknown.
 */
import { resolveReach } from '../../../commands/tracking/reach-args.ts';
import { ApiItem } from '../../../tracking/api-item.ts';
import type { Human } from '../../../model.ts';
import type { RuleColumns } from '../../../tracking/api-spec.ts';
import { looseStringList } from '../loose-json.ts';
import type { ServedTable, TrackingApiDeps } from './deps.ts';

/** the largest value of an int(11) column */
const INT_MAX = 2_147_483_647;

export interface PreparedRule {
  readonly served: ServedTable;
  readonly profileNo: number;
  /** an existing rule to overwrite in place */
  readonly uid: number | undefined;
  /** every column but uid, id, profile_no and ping */
  readonly columns: RuleColumns;
}

export interface ItemContext {
  readonly human: Human;
  /** the profile rules go to unless an item names one */
  readonly profileNo: number;
  /** the human's saved location labels */
  readonly locationLabels: readonly string[];
}

/** A table without reach columns: any reach field given is refused, none is written. */
function noReach(item: ApiItem, type: string): RuleColumns {
  for (const field of ['distance', 'override_areas', 'areas', 'override_location_label', 'location']) {
    const value = item.raw(field);
    const empty = value === undefined || value === null || value === '' || value === 0 || value === '0' || value === '[]' || (Array.isArray(value) && value.length === 0);
    if (!empty) item.refuse(field, `${type} rules follow the human's areas: they have no distance, areas or location of their own`);
  }
  return {};
}

function reachOf(deps: TrackingApiDeps, item: ApiItem, ctx: ItemContext): RuleColumns {
  const distance = item.optionalInt('distance', { min: 0 });
  const areaField = item.has('override_areas') ? 'override_areas' : 'areas';
  const areas = looseStringList(item.raw(areaField), item.label(areaField));
  const labelField = item.has('override_location_label') ? 'override_location_label' : 'location';
  const location = item.text(labelField, null, 64)?.trim() || undefined;
  const areaList = areas && areas.length > 0 ? areas : undefined;
  if (distance !== undefined && distance > 0 && areaList) item.refuse('distance', 'distance and area filters are mutually exclusive: give distance or override_areas, not both');
  if (areaList && location !== undefined) item.refuse(areaField, `give ${areaField} or ${labelField}, not both`);
  if (location !== undefined && !(distance !== undefined && distance > 0)) item.refuse(labelField, 'a named location needs a distance (distance > 0)');
  const areaNames = new Set(deps.geofences.current.fences.map((f) => f.name.toLowerCase()));
  const reach = resolveReach({ distance, areas: areaList, location }, { limits: deps.config.tracking, areaNames, locationLabels: ctx.locationLabels });
  if (!reach.ok) {
    const reason = reach.error.text.replace(/\{(\w+)\}/g, (whole, key: string) => String(reach.error.vars?.[key] ?? (key === 'prefix' ? deps.prefix(ctx.human.type) : whole)));
    item.refuse(location !== undefined ? labelField : areaField, reason);
  }
  const { distance: metres, override_areas, override_location_label } = reach.value;
  return { distance: metres, override_areas, override_location_label };
}

function templateOf(deps: TrackingApiDeps, item: ApiItem, served: ServedTable, human: Human): string | number {
  const named = item.text('template', null)?.trim() ?? '';
  if (served.api.numericTemplate) {
    // a default that is no number falls back to 1, as the chat command does
    if (named === '') return /^\d{1,9}$/.test(deps.config.general.default_template_name) ? Number(deps.config.general.default_template_name) : 1;
    if (!/^\d{1,9}$/.test(named)) item.fail('template', `a whole number (the ${served.table} table stores template ids as numbers)`);
  }
  if (named === '') return deps.config.general.default_template_name;
  const exists = deps.templateExists;
  if (exists && !served.alertTypes.some((type) => exists(type, human.type, named))) {
    item.refuse('template', `template "${named}" does not exist for ${served.alertTypes.join('/')} alerts on ${human.type}`);
  }
  return served.api.numericTemplate ? Number(named) : named;
}

function prepareItem(deps: TrackingApiDeps, item: ApiItem, served: ServedTable, ctx: ItemContext): PreparedRule[] {
  item.ignore('id', 'type', 'description', 'ping');
  const profileNo = item.optionalInt('profile_no', { min: 1 }) ?? ctx.profileNo;
  const uid = item.optionalInt('uid', { min: 1 });
  const reach = served.api.noReach ? noReach(item, served.api.type) : reachOf(deps, item, ctx);
  const shared: Record<string, string | number | null> = { template: templateOf(deps, item, served, ctx.human), ...reach };
  if (!served.api.noClean) shared.clean = item.cleanBits();
  const rows = served.api.draft(item, { gameData: deps.gameData(), config: deps.config });
  item.refuseUnread(`for ${served.api.type} rules`);
  if (uid !== undefined && rows.length !== 1) item.refuse('uid', 'an update by uid must describe exactly one rule');
  for (const row of rows) {
    const wide = Object.keys(row).find((column) => typeof row[column] === 'number' && !(Math.abs(row[column] as number) <= INT_MAX));
    if (wide) item.fail(wide, 'a whole number that fits the column');
  }
  return rows.map((row) => ({ served, profileNo, uid, columns: { ...row, ...shared } }));
}

/** Every item of the body → its rules; throws the first item's 400 before anything is written. */
export function prepareItems(deps: TrackingApiDeps, items: readonly Record<string, unknown>[], pick: (item: ApiItem) => ServedTable, ctx: ItemContext): PreparedRule[] {
  return items.flatMap((fields, i) => {
    const item = new ApiItem(fields, `body[${i}]`);
    return prepareItem(deps, item, pick(item), ctx);
  });
}
