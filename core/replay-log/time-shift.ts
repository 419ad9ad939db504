/**
 * Moves a logged batch to the present, as pure functions: every time field of every item (time-fields.ts: by
 * name and value, at any depth of the message, e.g. a gym's defenders or a raid's RSVP timeslots) is shifted by
 * one offset, the time between the batch's receipt and its replay, so each item is as far from now as it was
 * from its receipt (a pokemon that had 20 minutes left has 20 minutes left). Unix seconds get the offset in
 * whole seconds, milliseconds the offset itself; 0 ("no time") and everything else stays as it is. The input is
 * never changed.
 */
import { isTimeKey, timeUnitOf } from './time-fields.ts';

type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One time value shifted by `offsetMs`; values that are not a time are returned as they are. */
export function shiftTime(value: unknown, offsetMs: number): unknown {
  const unit = timeUnitOf(value);
  if (unit === null) return value;
  const time = value as number;
  if (unit === 'milliseconds') return Math.round(time + offsetMs);
  const shifted = time + Math.round(offsetMs / 1000);
  return Number.isInteger(time) ? shifted : Math.round(shifted * 1000) / 1000;
}

/** A copy of a message part with its time fields shifted, at any depth; the same value when nothing changed. */
function shiftValue(value: unknown, offsetMs: number): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((element: unknown) => {
      const shifted = shiftValue(element, offsetMs);
      changed ||= shifted !== element;
      return shifted;
    });
    return changed ? out : value;
  }
  if (!isObject(value)) return value;
  let out: JsonObject | null = null;
  for (const [key, field] of Object.entries(value)) {
    const shifted = isTimeKey(key) ? shiftTime(field, offsetMs) : shiftValue(field, offsetMs);
    if (shifted !== field) (out ??= { ...value })[key] = shifted;
  }
  return out ?? value;
}

/** One webhook item `{type, message}` with its message's time fields shifted; anything else as it is. */
export function shiftItem(item: unknown, offsetMs: number): unknown {
  if (!isObject(item) || typeof item.type !== 'string' || !isObject(item.message)) return item;
  const message = shiftValue(item.message, offsetMs);
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
