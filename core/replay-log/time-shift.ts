/**
 * Moves a logged batch to the present, as pure functions: every time field of every item (time-fields.ts) is
 * shifted by one offset, the time between the batch's receipt and its replay, so each item is as far from now
 * as it was from its receipt (a pokemon that had 20 minutes left has 20 minutes left). Unix seconds get the
 * offset in whole seconds, unix milliseconds (values ≥ 1e11, e.g. raid RSVP timeslots) the offset itself;
 * 0 and anything not a positive number ("no time") stays as it is. The input is never changed.
 */
import { timeFieldsOf } from './time-fields.ts';

/** from here on a time is read as milliseconds: 1e11 s is the year 5138, 1e11 ms is 1973 */
const MILLISECONDS_FROM = 1e11;

type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One time value shifted by `offsetMs`; values that are not a time are returned as they are. */
export function shiftTime(value: unknown, offsetMs: number): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return value;
  if (value >= MILLISECONDS_FROM) return Math.round(value + offsetMs);
  const shifted = value + Math.round(offsetMs / 1000);
  return Number.isInteger(value) ? shifted : Math.round(shifted * 1000) / 1000;
}

/** A copy of `object` with the field at `path` (`a` or `list[].a`) shifted; the same object when it has none. */
function shiftPath(object: JsonObject, path: string, offsetMs: number): JsonObject {
  const at = path.indexOf('[].');
  if (at < 0) {
    if (!Object.hasOwn(object, path)) return object;
    const shifted = shiftTime(object[path], offsetMs);
    return shifted === object[path] ? object : { ...object, [path]: shifted };
  }
  const listKey = path.slice(0, at);
  const list = object[listKey];
  if (!Array.isArray(list)) return object;
  const rest = path.slice(at + 3);
  return { ...object, [listKey]: list.map((element: unknown) => (isObject(element) ? shiftPath(element, rest, offsetMs) : element)) };
}

/** One webhook item `{type, message}` with its message's time fields shifted; anything else as it is. */
export function shiftItem(item: unknown, offsetMs: number): unknown {
  if (!isObject(item) || typeof item.type !== 'string' || !isObject(item.message)) return item;
  let message: JsonObject = item.message;
  for (const path of timeFieldsOf(item.type)) message = shiftPath(message, path, offsetMs);
  return message === item.message ? item : { ...item, message };
}

/** A webhook body (an array of items, or one item) with every item shifted. */
export function shiftBody(body: unknown, offsetMs: number): unknown {
  return Array.isArray(body) ? body.map((item: unknown) => shiftItem(item, offsetMs)) : shiftItem(body, offsetMs);
}

/** The webhook type of every item of a body (`?` for an item without one), for the report. */
export function itemTypes(body: unknown): string[] {
  const items: unknown[] = Array.isArray(body) ? body : [body];
  return items.map((item) => (isObject(item) && typeof item.type === 'string' && item.type !== '' ? item.type : '?'));
}
