/**
 * One tracking rule as a line of `tracked` (and of other listings that name rules): `[id:<uid>]`, the owning
 * plugin's description, then `@ <label>` for a rule measured from a saved location and `in <areas>` for a rule
 * limited to areas.
 */
import type { TrackingRow } from '../../model.ts';
import { TEXTS } from '../texts.ts';
import type { CommandInvocation } from '../types.ts';

/** The areas of a rule's `override_areas` column (JSON text of names; empty when unset or unreadable). */
export function overrideAreas(row: TrackingRow): string[] {
  const raw = row.override_areas;
  if (typeof raw !== 'string' || raw.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
}

/** A rule's `override_location_label`, or '' when it has none. */
export function overrideLabel(row: TrackingRow): string {
  const label = row.override_location_label;
  return typeof label === 'string' ? label.trim() : '';
}

function describe(invocation: CommandInvocation, table: string, row: TrackingRow): string {
  try {
    return invocation.services.describeRule(table, row, invocation.language);
  } catch (err) {
    invocation.services.log.warn({ table, uid: row.uid, err }, 'a rule could not be described');
    return invocation.t(TEXTS.ruleUndescribable, { uid: row.uid });
  }
}

export function ruleLine(invocation: CommandInvocation, table: string, row: TrackingRow): string {
  const label = overrideLabel(row);
  const areas = overrideAreas(row);
  const parts = [`[id:${row.uid}]`, describe(invocation, table, row)];
  if (label !== '') parts.push(`@ ${label}`);
  if (areas.length > 0) parts.push(`in ${areas.join(', ')}`);
  return parts.join(' ');
}
